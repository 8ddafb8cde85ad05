import type { Database } from './database.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';

const VACUUM_EVERY_MS = 6 * 60 * 60 * 1000;
const CHECKPOINT_EVERY_MS = 5 * 60 * 1000;

/**
 * PGlite runs PostgreSQL in single-user mode, without autovacuum: nothing refreshes the planner's
 * statistics or the visibility map, and plans degrade as data grows (a 100k-row list was read
 * with a bitmap scan estimated at 375 rows). So the server analyzes at start and vacuums every
 * 6 hours. PostgreSQL's own autovacuum does this for real servers.
 *
 * Single-user mode has no checkpointer either: neither `checkpoint_timeout` nor `max_wal_size`
 * ever starts a checkpoint, and the WAL grows with every write until the database is closed. So
 * the server checkpoints every 5 minutes (and after each vacuum); with `wal_recycle = off` each
 * checkpoint deletes the WAL it made unnecessary. A checkpoint is short, idle or after a burst of
 * writes (docs/performance.md#disk).
 */
export async function startMaintenance(db: Database, log: (err: unknown) => void) {
  if (db.kind !== 'pglite') return () => {};
  const run = (sql: string) => db.prisma.$executeRawUnsafe(sql);
  await run('ANALYZE');
  await run('CHECKPOINT');
  const vacuum = setInterval(
    () =>
      void run('VACUUM ANALYZE')
        .then(() => run('CHECKPOINT'))
        .catch(log),
    VACUUM_EVERY_MS,
  );
  const checkpoint = setInterval(() => void run('CHECKPOINT').catch(log), CHECKPOINT_EVERY_MS);
  vacuum.unref();
  checkpoint.unref();
  return () => {
    clearInterval(vacuum);
    clearInterval(checkpoint);
  };
}

/** Rows written at once (an import) after which the tables written are analyzed straight away. */
const BULK_WRITE_ROWS = 10_000;
/**
 * The statistics target of that analysis on PGlite, where it holds the process: 10 samples 3,000
 * rows (~50 ms at 100,000 rows) where the default 100 samples 30,000 (~450 ms). The planner then
 * knows the tables' sizes; the 6-hourly vacuum brings back the finer statistics.
 */
const EMBEDDED_STATISTICS_TARGET = 10;

/**
 * Refreshes the planner's statistics of the tables a bulk write has just grown (`written`: rows
 * per table), when it wrote BULK_WRITE_ROWS or more. They lag it: PGlite only analyzes at start
 * and every 6 hours, PostgreSQL's autovacuum within a minute or so. A plan made meanwhile for the
 * near-empty table can sort a whole account to read one page of it (an import preview's existing
 * records right after a 100,000-row import: 125 ms a page instead of 7, docs/performance.md#imports).
 */
export async function refreshStatistics(
  prisma: Pick<PrismaClient, '$queryRaw' | '$executeRawUnsafe' | '$transaction'>,
  written: Record<string, number>,
) {
  if (Object.values(written).reduce((sum, rows) => sum + rows, 0) < BULK_WRITE_ROWS) return;
  const tables = Object.keys(written).filter((table) => written[table]! > 0);
  const analyze = `ANALYZE ${tables.join(', ')}`;
  const [row] = await prisma.$queryRaw<{ embedded: boolean }[]>`SELECT version() LIKE '%PGlite%' AS embedded`;
  if (!row?.embedded) return void (await prisma.$executeRawUnsafe(analyze));
  await prisma.$transaction([
    prisma.$executeRawUnsafe(`SET LOCAL default_statistics_target = ${EMBEDDED_STATISTICS_TARGET}`),
    prisma.$executeRawUnsafe(analyze),
  ]);
}
