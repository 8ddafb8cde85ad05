import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Database, SqlRunner } from './database.ts';
import { migrate, readMigrations } from './migrate.ts';

/**
 * Backups that restore on either database: a gzip file whose first line is a JSON header and
 * whose other lines are `<table>\t<JSON array of rows>`, produced by PostgreSQL itself
 * (`json_agg`) from one consistent snapshot and restored with `json_populate_recordset`, so
 * decimals and timestamps never pass through JavaScript numbers.
 */

/** Parents before children. Sessions and the sign-in provider's short-lived grants are not kept. */
export const BACKUP_TABLES = [
  ['app_secrets', 'name'],
  ['local_accounts', 'id'],
  ['recovery_codes', 'id'],
  // Budgets before their users: a user restored then finds their personal budget there (migration shared_budgets).
  ['budgets', 'id'],
  ['users', 'id'],
  // Its key is two columns: batched by both, as one text.
  ['budget_members', '("budget_id" || chr(1) || "user_id")'],
  ['budget_invitations', 'id'],
  ['notifications', 'id'],
  ['api_tokens', 'id'],
  ['accounts', 'id'],
  // Before what refers to them: a schedule names a category, posted records name their schedule.
  ['budget_categories', 'id'],
  ['budget_assignments', 'id'],
  ['schedules', 'id'],
  ['schedule_occurrences', 'id'],
  ['transfers', 'id'],
  ['bank_links', 'id'],
  ['imports', 'id'],
  ['import_mappings', 'id'],
  // Before the records that name them.
  ['payees', 'id'],
  ['rules', 'id'],
  ['bank_connections', 'id'],
  ['bank_connection_accounts', 'id'],
  ['paychecks', 'id'],
  ['transactions', 'id'],
  ['transaction_splits', 'id'],
  ['recurring_bills', 'id'],
  ['bill_payments', 'id'],
  ['savings_goals', 'id'],
  ['goal_contributions', 'id'],
  ['budget_activity', 'id'],
] as const;

const FORMAT = 'budget-backup';
const BATCH = 5000;

export interface BackupHeader {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  source: Database['kind'];
  migrations: string[];
  counts: Record<string, number>;
}

/** Writes a backup of every table in BACKUP_TABLES to `file`, from one snapshot. */
export async function backupTo(db: Database, file: string): Promise<BackupHeader> {
  const lines: string[] = [];
  const header = await db.transaction(async (sql) => {
    // PostgreSQL: one snapshot for the whole dump (PGlite has a single connection anyway).
    if (db.kind === 'postgres') await sql.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows: applied } = await sql.query<{ migration_name: string }>(
      'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
    );
    const counts: Record<string, number> = {};
    for (const [table, key] of BACKUP_TABLES) {
      counts[table] = 0;
      for await (const batch of batches(sql, table, key)) {
        lines.push(`${table}\t${batch.json}`);
        counts[table] += batch.count;
      }
    }
    return {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      source: db.kind,
      migrations: applied.map((r) => r.migration_name),
      counts,
    } satisfies BackupHeader;
  });
  const tmp = `${file}.partial`;
  await pipeline(
    Readable.from([`${JSON.stringify(header)}\n`, ...lines.map((l) => `${l}\n`)]),
    zlib.createGzip(),
    fs.createWriteStream(tmp),
  );
  fs.renameSync(tmp, file); // a backup file is either complete or absent
  return header;
}

type Batch = { json: string | null; last: string | null; count: number };

/** A table's batching key in SQL: a column's name, or an expression of several (in parentheses). */
export const keySql = (key: string) => (key.startsWith('(') ? key : `"${key}"`);

async function* batches(sql: SqlRunner, table: string, column: string) {
  const key = keySql(column);
  let last: string | null = null;
  for (;;) {
    const { rows }: { rows: Batch[] } = await sql.query<Batch>(
      `WITH b AS (SELECT * FROM "${table}" WHERE $1::text IS NULL OR ${key} > $1::text ORDER BY ${key} LIMIT ${BATCH})
       SELECT (SELECT json_agg(b ORDER BY ${key})::text FROM b) AS json,
              (SELECT max(${key}) FROM b) AS last,
              (SELECT count(*)::int FROM b) AS count`,
      [last],
    );
    const row: Batch = rows[0]!;
    if (!row.json || !row.last) return;
    // json_agg puts a newline between elements; newlines inside strings are escaped, so this is safe.
    yield { json: row.json.replaceAll('\n', ''), count: Number(row.count) };
    if (row.count < BATCH) return;
    last = row.last;
  }
}

export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const line of backupLines(file)) return parseHeader(line);
  throw new Error(`${file} is empty`);
}

function parseHeader(line: string): BackupHeader {
  let header: BackupHeader;
  try {
    header = JSON.parse(line);
  } catch {
    throw new Error('Not a budget backup file (bad header)');
  }
  if (header.format !== FORMAT || header.version !== 1) throw new Error('Not a budget backup file (unknown format)');
  return header;
}

function backupLines(file: string) {
  return readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
}

/** True when no user data is present (a fresh install). */
export async function isEmpty(db: Database) {
  const [row] = await db.prisma.$queryRaw<
    { n: number }[]
  >`SELECT (SELECT count(*) FROM users)::int + (SELECT count(*) FROM local_accounts)::int AS n`;
  return Number(row?.n) === 0;
}

/**
 * Replaces all data in `db` with the backup, in one transaction: a failure leaves the database
 * as it was. The database is first migrated; a backup from a newer schema is refused.
 */
export async function restoreFrom(db: Database, file: string): Promise<BackupHeader> {
  const header = await readBackupHeader(file);
  const known = new Set(readMigrations().map((m) => m.name));
  const unknown = header.migrations.filter((m) => !known.has(m));
  if (unknown.length)
    throw new Error(`The backup comes from a newer version of the app (migrations ${unknown.join(', ')}); upgrade first.`);
  await migrate(db);
  await db.transaction(async (sql) => {
    await sql.exec(`TRUNCATE ${BACKUP_TABLES.map(([t]) => `"${t}"`).join(', ')}, "session", "oidc_payloads" CASCADE`);
    // The activity log is restored as it was: the rows put back are no new activity.
    await sql.exec(`SET LOCAL budget.restoring = 'on'`);
    let first = true;
    for await (const line of backupLines(file)) {
      if (first) {
        first = false;
        continue;
      }
      const tab = line.indexOf('\t');
      const table = line.slice(0, tab);
      if (!BACKUP_TABLES.some(([t]) => t === table)) throw new Error(`Unknown table in backup: ${table}`);
      await sql.query(`INSERT INTO "${table}" SELECT * FROM json_populate_recordset(NULL::"${table}", $1::json)`, [line.slice(tab + 1)]);
    }
  });
  return header;
}
