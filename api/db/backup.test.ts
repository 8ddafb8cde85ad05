import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { backupTo, BACKUP_TABLES, keySql, restoreFrom } from './backup.ts';
import { createTestDatabase, testDatabaseKind } from '../test/test-database.ts';
import { seedHeavy } from '../test/heavy-dataset.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-backup-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Every backed-up table as PostgreSQL prints it (exact decimals and timestamps), in key order. */
async function snapshot(db: Database) {
  const out: Record<string, string> = {};
  for (const [table, key] of BACKUP_TABLES) {
    const [row] = await db.prisma.$queryRawUnsafe<{ j: string | null }[]>(
      `SELECT json_agg(t ORDER BY ${keySql(key)})::text AS j FROM "${table}" t`,
    );
    out[table] = row?.j ?? '[]';
  }
  return out;
}

describe(`backup and restore (${testDatabaseKind()})`, () => {
  it('backs up every table of the data model but sign-in state', async () => {
    const db = await createTestDatabase();
    try {
      const tables = await db.prisma.$queryRaw<{ name: string }[]>`
        SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
      // Sessions, the sign-in provider's short-lived state and rate-limit counts are not data to keep; the migrations table is the schema's;
      // the month's spending totals, their revisions, the accounts' month totals and the transactions' totals per kind are derived, summed again by triggers as the restored records go in.
      const skipped = [
        'session',
        'oidc_payloads',
        'rate_limits',
        '_prisma_migrations',
        'budget_month_spending',
        'budget_month_revisions',
        'account_month_totals',
        'transaction_totals',
      ];
      expect(
        tables
          .map((t) => t.name)
          .filter((t) => !skipped.includes(t))
          .sort(),
      ).toEqual(BACKUP_TABLES.map(([table]) => table).sort());
    } finally {
      await db.close();
    }
  });

  it('round-trips every row exactly, and a failed restore changes nothing', async () => {
    const source = await createTestDatabase();
    const target = await createTestDatabase();
    try {
      await seedHeavy(source.prisma, { transactions: 3000 });
      const file = path.join(dir, 'round-trip.backup.gz');
      const header = await backupTo(source, file);
      expect(header.counts.transactions).toBe(3200);
      const restored = await restoreFrom(target, file);
      const rows = Object.values(restored.counts).reduce((a, b) => a + b, 0);
      expect(await snapshot(target)).toEqual(await snapshot(source));
      // The month's spending totals are summed again by their triggers as the transactions and split lines go in.
      const totals = (db: typeof source) =>
        db.prisma.$queryRaw<
          unknown[]
        >`SELECT user_id, category_id, month, amount::text FROM budget_month_spending ORDER BY user_id, month, category_id`;
      expect(await totals(target)).toEqual(await totals(source));
      const accountTotals = (db: typeof source) =>
        db.prisma.$queryRaw<unknown[]>`SELECT account_id, month, amount::text FROM account_month_totals ORDER BY account_id, month`;
      expect(await accountTotals(target)).toEqual(await accountTotals(source));
      const kindTotals = (db: typeof source) =>
        db.prisma.$queryRaw<unknown[]>`SELECT user_id, kind, count::text, amount::text FROM transaction_totals ORDER BY user_id, kind`;
      expect(await kindTotals(target)).toEqual(await kindTotals(source));

      const before = await snapshot(target);
      const corrupt = path.join(dir, 'corrupt.backup.gz');
      const lines = (await import('node:zlib')).gunzipSync(fs.readFileSync(file)).toString().split('\n');
      lines.splice(3, 0, 'transactions\t[{"id": "x", "amount": "not money"}]');
      fs.writeFileSync(corrupt, (await import('node:zlib')).gzipSync(lines.join('\n')));
      await expect(restoreFrom(target, corrupt)).rejects.toThrow();
      expect(await snapshot(target)).toEqual(before);
      console.log(
        `backup (${testDatabaseKind()}): ${rows} rows in ${BACKUP_TABLES.length} tables restored exactly; a corrupt backup changed 0 rows, failures: 0`,
      );
    } finally {
      await source.close();
      await target.close();
    }
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL && testDatabaseKind() === 'pglite')(
    'restores a PGlite backup on PostgreSQL and back',
    async () => {
      const pglite = await createTestDatabase('pglite');
      const postgres = await createTestDatabase('postgres');
      const again = await createTestDatabase('pglite');
      try {
        await seedHeavy(pglite.prisma, { transactions: 1000 });
        await backupTo(pglite, path.join(dir, 'a.backup.gz'));
        await restoreFrom(postgres, path.join(dir, 'a.backup.gz'));
        await backupTo(postgres, path.join(dir, 'b.backup.gz'));
        await restoreFrom(again, path.join(dir, 'b.backup.gz'));
        const expected = await snapshot(pglite);
        expect(await snapshot(postgres)).toEqual(expected);
        expect(await snapshot(again)).toEqual(expected);
      } finally {
        await Promise.all([pglite.close(), postgres.close(), again.close()]);
      }
    },
    120_000,
  );
});
