import http from 'node:http';
import { loadConfig } from './config.ts';
import { createApp } from './app.ts';
import { StartupError } from './lib/startup-error.ts';

/** Starts the server: config, database and migrations, then listen; stops cleanly on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const started = Date.now();
  const { app, db, close } = await createApp(config);
  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new StartupError(`Port ${config.port} is already in use. Stop the other program or set PORT to a free port.`)
          : err.code === 'EACCES'
            ? new StartupError(`Port ${config.port} needs more privileges. Set PORT to a port above 1024.`)
            : err,
      );
    });
    server.listen(config.port, config.host, resolve);
  }).catch(async (err) => {
    await close();
    throw err;
  });
  const where = db.kind === 'postgres' ? 'PostgreSQL' : `embedded PostgreSQL in ${config.dataDir}`;
  console.log(`Budget app listening on ${config.publicUrl} (${where}, ready in ${Date.now() - started} ms)`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing open requests and closing the database...`);
    // Stop accepting; idle keep-alive connections close now, busy ones after their response.
    server.close(() => {
      close()
        .then(() => process.exit(0))
        .catch((err) => {
          console.error(`Error while closing: ${err instanceof Error ? err.message : err}`);
          process.exit(1);
        });
    });
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  if (err instanceof StartupError) console.error(`Cannot start: ${err.message}`);
  else console.error('Cannot start:', err);
  process.exit(1);
});
