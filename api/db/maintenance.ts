import type { Database } from './database.ts';

const EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * PGlite runs PostgreSQL in single-user mode, without autovacuum: nothing refreshes the planner's
 * statistics or the visibility map, and plans degrade as data grows (a 100k-row list was read
 * with a bitmap scan estimated at 375 rows). So the server analyzes at start and vacuums every
 * 6 hours. PostgreSQL's own autovacuum does this for real servers.
 */
export async function startMaintenance(db: Database, log: (err: unknown) => void) {
  if (db.kind !== 'pglite') return () => {};
  await db.prisma.$executeRawUnsafe('ANALYZE');
  const timer = setInterval(() => void db.prisma.$executeRawUnsafe('VACUUM ANALYZE').catch(log), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
