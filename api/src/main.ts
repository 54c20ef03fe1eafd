import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { createApp } from './app.factory.js';
import { ConfigError, loadConfig } from './common/config/app-config.js';

const devServer = process.argv.includes('--dev');

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const app = await createApp(config, { web: devServer ? 'development' : 'production' });
  await app.listen(config.port);
  app.get(Logger).log(`FitCoach is listening on ${config.publicUrl} (port ${config.port})`, 'Bootstrap');
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || !(error instanceof Error) ? String(error) : error.stack;
  process.stderr.write(`FitCoach could not start.\n${message}\n`);
  process.exit(1);
});
