// Entry point of `npm start`: load config, build the app, run start-up tasks, listen, and stop
// gracefully on SIGINT/SIGTERM (stop accepting, finish in-flight requests, close the database).
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { runStartupTasks } from './startup';

const SHUTDOWN_TIMEOUT_MS = 15_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const { app, ctx } = await buildApp({ config });
  await runStartupTasks(ctx);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Recuerdos listo en ${config.publicUrl}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'Shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('Shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`Recuerdos could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
