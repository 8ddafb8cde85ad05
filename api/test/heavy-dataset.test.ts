import { describe, expect, it } from 'vitest';
import { useModuleHarness } from './module-harness.ts';
import { seedHeavy } from './heavy-dataset.ts';

/**
 * The benchmark's seed loads the heavy user's transactions in bulk, their triggers off, and writes
 * the derived month totals once after the load (heavy-dataset.ts, loadTransactions). What it
 * leaves must be what the triggers would have written: the same records written again through
 * the triggers, onto emptied totals, give the same figures.
 */
const h = useModuleHarness();

/** The user's derived figures as lines: account month totals, spending per category and month, counts and sums per kind, months with a revision. */
async function derived(userId: string) {
  const lines = await h.db.prisma.$queryRaw<{ line: string }[]>`
    SELECT 'account ' || a.name || ' ' || to_char(t.month AT TIME ZONE 'UTC', 'YYYY-MM') || ' ' || t.amount::numeric(14, 2)::text AS line
    FROM account_month_totals t JOIN accounts a ON a.id = t.account_id WHERE a.user_id = ${userId}
    UNION ALL
    SELECT 'spent ' || coalesce(c.name, '-') || ' ' || to_char(s.month AT TIME ZONE 'UTC', 'YYYY-MM') || ' ' || s.amount::numeric(14, 2)::text
    FROM budget_month_spending s LEFT JOIN budget_categories c ON c.id = s.category_id WHERE s.user_id = ${userId}
    UNION ALL
    SELECT 'kind ' || kind || ' ' || count::text || ' ' || amount::numeric(14, 2)::text FROM transaction_totals WHERE user_id = ${userId}
    UNION ALL
    SELECT 'revised ' || to_char(month AT TIME ZONE 'UTC', 'YYYY-MM') FROM budget_month_revisions WHERE user_id = ${userId}`;
  return lines.map((r) => r.line).sort();
}

describe('heavy dataset seed', () => {
  it('leaves the month totals the triggers would have written, and every row refers to rows that exist', async () => {
    const { userId } = await seedHeavy(h.db.prisma, { transactions: 3000 });
    const loaded = await derived(userId);
    expect(loaded.filter((l) => l.startsWith('account')).length).toBeGreaterThan(100);
    expect(loaded.filter((l) => l.startsWith('spent')).length).toBeGreaterThan(1000);
    expect(loaded.filter((l) => l.startsWith('kind'))).toEqual([expect.stringMatching(/^kind expense 3000 /)]);

    // The load skipped the foreign keys' checks: none may be broken.
    const [broken] = await h.db.prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM transactions t WHERE t.user_id = ${userId} AND (
        NOT EXISTS (SELECT 1 FROM users u WHERE u.id = t.user_id)
        OR (t.account_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = t.account_id AND a.user_id = t.user_id))
        OR (t.category_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM budget_categories c WHERE c.id = t.category_id AND c.user_id = t.user_id))
        OR t.search_text IS DISTINCT FROM budget_fold(t.description))`;
    expect(broken!.n).toBe(0);

    // Every record of the user written again, in one statement per table, through the triggers.
    await h.db.transaction(async (sql) => {
      await sql.query('DELETE FROM account_month_totals WHERE account_id IN (SELECT id FROM accounts WHERE user_id = $1)', [userId]);
      await sql.query('DELETE FROM budget_month_spending WHERE user_id = $1', [userId]);
      await sql.query('DELETE FROM budget_month_revisions WHERE user_id = $1', [userId]);
      await sql.query('DELETE FROM transaction_totals WHERE user_id = $1', [userId]);
      for (const table of ['transactions', 'paychecks', 'transfers']) {
        await sql.query(`CREATE TEMP TABLE replayed_${table} ON COMMIT DROP AS SELECT * FROM ${table} WHERE user_id = $1`, [userId]);
        await sql.exec(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
        await sql.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
        await sql.exec(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
        await sql.exec(`INSERT INTO ${table} SELECT * FROM replayed_${table}`);
      }
    });
    expect(await derived(userId)).toEqual(loaded);
  }, 180_000);
});
