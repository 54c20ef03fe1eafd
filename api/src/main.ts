import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { createApp } from './app.factory.js';
import { ConfigError, loadConfig } from './common/config/app-config.js';

const devServer = process.argv.includes('--dev');
/** Longest a shutdown may take before the process gives up waiting for connections and jobs. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const app = await createApp(config, { web: devServer ? 'development' : 'production' });
  await app.listen(config.port);
  const logger = app.get(Logger);
  logger.log(`FitCoach is listening on ${config.publicUrl} (port ${config.port})`, 'Bootstrap');

  const shutdown = async (signal: NodeJS.Signals) => {
    logger.log(`${signal} received: closing connections and finishing running jobs`, 'Shutdown');
    setTimeout(() => {
      logger.error(`Shutdown took longer than ${SHUTDOWN_TIMEOUT_MS} ms: exiting anyway`, 'Shutdown');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    await app.close();
    logger.log('FitCoach stopped', 'Shutdown');
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || !(error instanceof Error) ? String(error) : error.stack;
  process.stderr.write(`FitCoach could not start.\n${message}\n`);
  process.exit(1);
});
