import { Logger } from '@nestjs/common';
import { AbstractLogger, type LogLevel, type LogMessage } from 'typeorm';

export class TypeOrmLogger extends AbstractLogger {
  private readonly logger = new Logger('Database');

  protected writeLog(
    level: LogLevel,
    logMessage: LogMessage | string | number | (LogMessage | string | number)[],
  ) {
    for (const { prefix, message } of this.prepareLogMessages(logMessage, { highlightSql: false })) {
      const line = prefix ? `${prefix} ${String(message)}` : String(message);
      if (level === 'error') this.logger.error(line);
      else if (level === 'warn') this.logger.warn(line);
      else this.logger.log(line);
    }
  }
}
