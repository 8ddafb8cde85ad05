import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PrismaClient } from '../generated/prisma/client.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { adapterView } from './pglite-parsers.ts';
import { ownedCursors } from './owned-cursors.ts';
import { StartupError } from '../lib/startup-error.ts';

/** Runs SQL on one connection: `exec` for scripts of several statements, `query` with parameters. */
export interface SqlRunner {
  exec(sql: string): Promise<unknown>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** The app's database: the Prisma client plus raw access for migrations and backups. */
export interface Database {
  kind: 'pglite' | 'postgres';
  prisma: PrismaClient;
  /** Runs `fn` inside one transaction on one connection. */
  transaction<T>(fn: (sql: SqlRunner) => Promise<T>): Promise<T>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * PGlite only: calls `onNotice` with the payload of each NOTIFY on `channel`, before the
   * statement (or the COMMIT) that sent it returns to its caller.
   */
  listen?: (channel: string, onNotice: (payload: string) => void) => Promise<void>;
  /** PGlite only: a tarball of the whole database folder (a consistent copy). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/**
 * Transactions that take a user's lock (a budget save, a default account) queue behind each
 * other; under a burst on a busy machine Prisma's defaults (2 s to start, 5 s in all) fail some
 * of them. These limits let them wait their turn.
 */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 };

/**
 * Columns the database keeps for itself (a transaction's folded description, for search; who added
 * and changed a record): no query returns them unless it asks, so no answer (REST rows, exports) shows them.
 */
export const INTERNAL_FIELDS = {
  transaction: { searchText: true, createdBy: true, updatedBy: true },
  // Who added and who changed a record (docs/product.md#shared-budgets): GraphQL's addedBy and
  // changedBy read them; REST rows and the export keep the shape they had.
  paycheck: { createdBy: true, updatedBy: true },
  account: { createdBy: true, updatedBy: true },
  budgetCategory: { createdBy: true, updatedBy: true },
  recurringBill: { createdBy: true, updatedBy: true },
  savingsGoal: { createdBy: true, updatedBy: true },
  transfer: { createdBy: true, updatedBy: true },
} as const;

const CLIENT_OPTIONS = { transactionOptions: TRANSACTION_OPTIONS, omit: INTERNAL_FIELDS };

/** The PostgreSQL extensions the migrations create (text search), loaded into every PGlite. */
export async function pgliteExtensions() {
  const [{ pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
  return { pg_trgm, unaccent };
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /** In memory, for tests; `loadDataDir` starts from a dump (a migrated template is much faster than initdb). */
  | { kind: 'pglite-memory'; loadDataDir?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target.url) : openPglite(target);
}

/**
 * Bounds on every wait for PostgreSQL, so a database that is down or slow costs a quick 503
 * (api/lib/errors.ts) instead of requests that hang (docs/operations.md#what-a-fault-costs): a
 * connection (or a free pool slot) within 5 s, a statement within 30 s, a transaction left open
 * without a statement for 60 s is ended by the server. Maintenance transactions (migrations,
 * backups) lift the statement limit for themselves.
 */
export const POSTGRES_LIMITS = { connectMs: 5_000, statementMs: 30_000, idleInTransactionMs: 60_000, poolSize: 10 };

async function openPostgres(url: string): Promise<Database> {
  // The driver loads only for PostgreSQL: the embedded database never needs it, nor the memory it
  // takes (docs/performance.md#memory).
  const [{ default: pg }, { PrismaPg }] = await Promise.all([import('pg'), import('@prisma/adapter-pg')]);
  const pool = new pg.Pool({
    connectionString: url,
    max: POSTGRES_LIMITS.poolSize,
    connectionTimeoutMillis: POSTGRES_LIMITS.connectMs,
    statement_timeout: POSTGRES_LIMITS.statementMs,
    idle_in_transaction_session_timeout: POSTGRES_LIMITS.idleInTransactionMs,
    // No JIT compilation: it starts when a plan's estimate crosses `jit_above_cost`, which a
    // statement of a few ms does when the table statistics are stale (ten years of net worth
    // history took 1.2 s instead of ~5 ms, all of it compiling), and this app's statements are all
    // too short to repay it (docs/performance.md#net-worth-history).
    options: '-c jit=off',
    // Notices a connection that died without a word (a host gone) instead of waiting on it.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A restarting server ends every idle connection: the pool drops them and connects anew on demand.
  pool.on('error', (err) => console.error(`database: idle connection error: ${err.message}`));
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => {});
    throw new StartupError(
      `Cannot connect to PostgreSQL at ${redactUrl(url)}: ${(err as Error).message}. ` +
        'Check DATABASE_URL and that the server is running and reachable.',
    );
  }
  const prisma = ownedCursors(new PrismaClient({ adapter: new PrismaPg(pool), ...CLIENT_OPTIONS }));
  return {
    kind: 'postgres',
    prisma,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SET LOCAL statement_timeout = 0');
        // A query without parameters goes through the simple protocol: several statements at once.
        const result = await fn({
          exec: (text) => client.query(text),
          query: async (text, params) => ({ rows: (await client.query(text, params)).rows }),
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

async function openPglite(target: Exclude<DatabaseTarget, { kind: 'postgres' }>) {
  let releaseLock = async () => {};
  let location = 'memory://';
  if (target.kind === 'pglite') {
    try {
      fs.mkdirSync(target.dataDir, { recursive: true });
      fs.accessSync(target.dataDir, fs.constants.W_OK);
    } catch (err) {
      throw new StartupError(
        `The data folder ${target.dataDir} cannot be written (${(err as NodeJS.ErrnoException).code}). ` +
          'Set DATA_DIR to a folder this user can write.',
      );
    }
    releaseLock = acquireDataDirLock(target.dataDir);
    location = path.join(target.dataDir, 'pglite');
  }
  // PGlite loads only for the embedded database: a server on PostgreSQL never needs it, nor the memory
  // its modules take (docs/performance.md#memory).
  const [{ PGlite }, { PrismaPGlite }, extensions] = await Promise.all([
    import('@electric-sql/pglite'),
    import('pglite-prisma-adapter'),
    pgliteExtensions(),
  ]);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(location, {
      extensions,
      // 32 MB of buffers instead of PostgreSQL's 128 MB: less resident memory, and no slower on this
      // workload (docs/performance.md#memory).
      // wal_recycle off: a checkpoint deletes the WAL it no longer needs instead of keeping up to
      // max_wal_size of renamed segments for reuse, most of a folder after a large write
      // (docs/performance.md#disk).
      postgresqlconf: ['shared_buffers = 32MB', 'wal_recycle = off'],
      // A new folder gets 1 MB WAL segments instead of 16 MB, so what stays between checkpoints is
      // a segment or two; existing folders keep the size they were created with.
      initDbStartParams: ['--wal-segsize=1'],
      ...(target.kind === 'pglite-memory' && target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    });
  } catch (err) {
    await releaseLock();
    throw new StartupError(`Cannot open the embedded database in ${location}: ${(err as Error).message}`);
  }
  const { forAdapter, defaults } = adapterView(pglite);
  const prisma = ownedCursors(new PrismaClient({ adapter: new PrismaPGlite(forAdapter), ...CLIENT_OPTIONS }));
  let closed = false;
  return {
    kind: 'pglite',
    prisma,
    transaction: (fn) =>
      pglite.transaction((tx) =>
        fn({
          exec: (sql) => tx.exec(sql, { parsers: defaults }),
          query: (sql, params) => tx.query(sql, params, { parsers: defaults }),
        }),
      ),
    async ping() {
      await pglite.query('SELECT 1');
    },
    // PGlite parses a statement's answer (its notices included) before that statement's promise
    // settles, and queues each listener as a microtask then: it runs before the caller resumes.
    async listen(channel, onNotice) {
      await pglite.listen(channel, onNotice);
    },
    dumpDataDir: () => pglite.dumpDataDir('none'),
    async close() {
      if (closed) return;
      closed = true;
      await prisma.$disconnect();
      await pglite.close();
      await releaseLock();
    },
  } satisfies Database;
}

function redactUrl(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the configured URL';
  }
}
