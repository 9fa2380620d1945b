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

  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp({ config });
  } catch (err) {
    // A store that does not answer as configured (wrong bucket, endpoint, keys): one line, no trace.
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const { app, ctx, readiness } = built;
  await runStartupTasks(ctx);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Recuerdos listo en ${config.publicUrl}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readiness turns 503 first, so a load balancer stops sending traffic while requests still work.
    readiness.draining = true;
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'Shutting down: not ready; then finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('Shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownDrainMs + SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    // Ctrl-C at a terminal has no load balancer to wait for.
    const drained = new Promise((resolve) => setTimeout(resolve, signal === 'SIGTERM' ? config.shutdownDrainMs : 0));
    drained.then(() => app.close()).then(
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
