import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './database.ts';
import { projectRoot } from '../lib/project-root.ts';

export const migrationsDir = path.join(projectRoot, 'prisma', 'migrations');

/** An arbitrary, fixed key: every process takes this advisory lock before migrating. */
const MIGRATION_LOCK_KEY = 7_240_512_911;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** The committed migrations, in Prisma's layout (`<timestamp>_<name>/migration.sql`), in order. */
export function readMigrations(dir = migrationsDir): Migration[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: crypto.createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Applies the pending migrations, each in its own transaction, recorded in Prisma's own
 * `_prisma_migrations` table (so the Prisma CLI agrees on what is applied). Every transaction
 * first takes one advisory lock, so processes starting together apply each migration once.
 * Returns the names applied by this call.
 */
export async function migrate(db: Database, migrations = readMigrations()): Promise<string[]> {
  const applied: string[] = [];
  for (const migration of migrations) {
    const didApply = await db.transaction(async (sql) => {
      await sql.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await sql.exec(RECORD_TABLE);
      const { rows } = await sql.query<{ checksum: string; finished_at: Date | null }>(
        'SELECT checksum, finished_at FROM "_prisma_migrations" WHERE migration_name = $1 AND rolled_back_at IS NULL',
        [migration.name],
      );
      const previous = rows[0];
      if (previous?.finished_at) {
        if (previous.checksum !== migration.checksum) {
          console.warn(`migrate: ${migration.name} was edited after it was applied (checksum differs)`);
        }
        return false;
      }
      await sql.exec(migration.sql);
      await sql.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
         VALUES ($1, $2, $3, now(), now(), 1)`,
        [crypto.randomUUID(), migration.checksum, migration.name],
      );
      return true;
    });
    if (didApply) applied.push(migration.name);
  }
  return applied;
}

// The same table the Prisma CLI creates.
const RECORD_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;
