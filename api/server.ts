import http from 'node:http';
import { loadConfig } from './config.ts';
import { createApp } from './app.ts';
import { StartupError } from './lib/startup-error.ts';
import { baselineWasmOnly, boundHeapGrowth, collectWhenIdle } from './lib/memory.ts';
import { startPoster } from './modules/schedules/poster.ts';
import { startBankSync } from './modules/connections/sync-schedule.ts';
import { startReminders } from './modules/reminders/reminder-job.ts';
import { createMailer } from './modules/reminders/reminder-email.ts';
import { createReadMemo } from './lib/read-memo.ts';

/** Starts the server: config, database and migrations, then listen; stops cleanly on SIGTERM/SIGINT. */
async function main() {
  boundHeapGrowth();
  const config = loadConfig();
  if (config.databaseUrl) baselineWasmOnly(); // before Prisma's query compiler loads
  const started = Date.now();
  const app = await createApp(config);
  const server = http.createServer(app.app);
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
    await app.close();
    throw err;
  });
  collectWhenIdle(server);
  // Schedules and bills that post automatically: a pass now (what came due while stopped), then every minute.
  const stopPoster = startPoster(app.db.prisma, app.events, (err) => console.error('Posting schedules failed:', err));
  // Bank connections: a pass now, then every few minutes for those last synced BANK_SYNC_HOURS ago.
  const stopBankSync = startBankSync(app.db.prisma, app.actFor, config.bankSyncMs, (err) => console.error('Bank sync failed:', err));
  // Reminders: users checked a moment after their data changes and daily; e-mails when SMTP_URL is set.
  const mailer = config.mail && (await createMailer(config.mail.smtpUrl, config.mail.from));
  const stopReminders = startReminders({
    prisma: app.db.prisma,
    memo: createReadMemo(app.events),
    events: app.events,
    mail: mailer && { mailer, publicUrl: config.publicUrl },
    log: (err) => console.error('Reminders failed:', err),
  });
  const where = app.db.kind === 'postgres' ? 'PostgreSQL' : `embedded PostgreSQL in ${config.dataDir}`;
  console.log(`Budget app listening on ${config.publicUrl} (${where}, ready in ${Date.now() - started} ms)`);

  // Graceful drain (docs/operations.md#stopping-and-rolling-restarts): first stop being ready and
  // keep serving for SHUTDOWN_DRAIN_SECONDS, so a load balancer's health checks take this process
  // out before it stops listening (no request meets a closed port); then stop accepting, end the
  // live-update streams (their clients reconnect to another process), let open requests finish
  // (at most 10 s) and close the database.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.stopReadiness();
    console.log(
      `${signal}: ${config.drainSeconds > 0 ? `not ready; serving ${config.drainSeconds} s more, then ` : ''}finishing open requests and closing the database...`,
    );
    setTimeout(() => {
      server.close(() => {
        Promise.all([stopPoster(), stopBankSync(), stopReminders()])
          .then(() => mailer?.close())
          .then(() => app.close())
          .then(() => process.exit(0))
          .catch((err) => {
            console.error(`Error while closing: ${err instanceof Error ? err.message : err}`);
            process.exit(1);
          });
      });
      app.endStreams();
      // Keep-alive connections close as soon as they are idle (busy ones after their response).
      server.closeIdleConnections();
      setInterval(() => server.closeIdleConnections(), 100).unref();
      setTimeout(() => server.closeAllConnections(), 10_000).unref();
    }, config.drainSeconds * 1000);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  if (err instanceof StartupError) console.error(`Cannot start: ${err.message}`);
  else console.error('Cannot start:', err);
  process.exit(1);
});
