import 'reflect-metadata';
import { createApp } from './app.factory.js';
import { ConfigError, loadConfig } from './common/config/app-config.js';
import { AppLogger } from './common/logging/app-logger.js';
import { SHUTDOWN_TIMEOUT_MS, shutDownGracefully } from './common/lifecycle/graceful-shutdown.js';

const devServer = process.argv.includes('--dev');

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const app = await createApp(config, { web: devServer ? 'development' : 'production' });
  await app.listen(config.port);
  const logger = app.get(AppLogger);
  logger.log(`FitCoach is listening on ${config.publicUrl} (port ${config.port})`, 'Bootstrap');

  const shutdown = async (signal: NodeJS.Signals) => {
    logger.log(`${signal} received: not ready any more, finishing requests, jobs and sockets`, 'Shutdown');
    const outcome = await shutDownGracefully(app, SHUTDOWN_TIMEOUT_MS).catch((error: unknown) => {
      logger.error(`Shutdown failed: ${String(error)}`, 'Shutdown');
      return 'failed' as const;
    });
    if (outcome !== 'clean') {
      if (outcome === 'timeout') {
        logger.error(`Shutdown took longer than ${SHUTDOWN_TIMEOUT_MS} ms: exiting anyway`, 'Shutdown');
      }
      process.exit(1);
    }
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
