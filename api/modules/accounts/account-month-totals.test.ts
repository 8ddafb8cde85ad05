import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useModuleHarness } from '../../test/module-harness.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { netWorthHistory } from './net-worth-history.ts';

/**
 * `account_month_totals` and `transaction_totals`, kept by triggers (docs/performance.md#net-worth-history,
 * #a-million-transactions), must equal the records summed again after every kind of write, and the net worth history read from it must equal
 * the balances computed from the records and the starting points.
 */
const h = useModuleHarness();
const fixture = (name: string) => readFileSync(new URL(`../imports/fixtures/${name}`, import.meta.url), 'utf8');
const NOW = new Date('2024-03-20T12:00:00Z');

/** What the triggers keep for the user's accounts: "account month amount" lines (a month emptied since keeps a 0, which moves nothing). */
async function kept(userId: string) {
  const rows = await h.db.prisma.$queryRaw<{ line: string }[]>`
    SELECT t.account_id || ' ' || to_char(t.month AT TIME ZONE 'UTC', 'YYYY-MM-DD') || ' ' || t.amount::numeric(14, 2)::text AS line
    FROM account_month_totals t JOIN accounts a ON a.id = t.account_id WHERE a.user_id = ${userId} AND t.amount <> 0`;
  return rows.map((r) => r.line).sort();
}

/** The same, summed from the records now. */
async function recomputed(userId: string) {
  const rows = await h.db.prisma.$queryRaw<{ line: string }[]>`
    SELECT account_id || ' ' || to_char(date_trunc('month', date, 'UTC') AT TIME ZONE 'UTC', 'YYYY-MM-DD') || ' ' || sum(moved)::numeric(14, 2)::text AS line
    FROM (
      SELECT account_id, date, CASE WHEN kind = 'refund' THEN amount ELSE -amount END AS moved FROM transactions WHERE user_id = ${userId}
      UNION ALL SELECT account_id, date, amount FROM paychecks WHERE user_id = ${userId}
      UNION ALL SELECT from_account_id, date, -amount FROM transfers WHERE user_id = ${userId}
      UNION ALL SELECT to_account_id, date, amount FROM transfers WHERE user_id = ${userId}
    ) r WHERE account_id IS NOT NULL
    GROUP BY account_id, date_trunc('month', date, 'UTC')`;
  return rows.map((r) => r.line).sort();
}

/** Each account's balance at each month's end from its starting point and its records, as "account month balance" lines. */
async function balancesFromRecords(userId: string, months: string[]) {
  const db = h.db.prisma;
  const accounts = await db.account.findMany({ where: { userId } });
  const [transactions, paychecks, transfers] = await Promise.all([
    db.transaction.findMany({ where: { userId } }),
    db.paycheck.findMany({ where: { userId } }),
    db.transfer.findMany({ where: { userId } }),
  ]);
  const moves = [
    ...transactions.map((t) => ({ accountId: t.accountId, date: t.date, delta: t.kind === 'refund' ? t.amount : t.amount.negated() })),
    ...paychecks.map((p) => ({ accountId: p.accountId, date: p.date, delta: p.amount })),
    ...transfers.flatMap((x) => [
      { accountId: x.fromAccountId, date: x.date, delta: x.amount.negated() },
      { accountId: x.toAccountId, date: x.date, delta: x.amount },
    ]),
  ];
  return accounts.flatMap((a) =>
    months.map((month) => {
      const end = new Date(`${month}-01T00:00:00Z`);
      end.setUTCMonth(end.getUTCMonth() + 1);
      const balance = moves
        .filter((m) => m.accountId === a.id && m.date >= a.startingDate && m.date < end)
        .reduce((sum, m) => sum.plus(m.delta), a.startingBalance);
      return `${a.id} ${month} ${balance.toFixed(2)}`;
    }),
  );
}

/** The history as "account month balance" lines, computed now (nothing kept from an earlier read). */
async function history(viewer: Viewer) {
  const fresh = { ...viewer, memo: { cached: (_user: string, _key: string, compute: () => Promise<unknown>) => compute() } };
  const months = await netWorthHistory(fresh as unknown as Viewer, { months: 6 }, NOW);
  return {
    months: months.map((m) => m.month),
    lines: months.flatMap((m) => m.accounts.map((a) => `${a.account.id} ${m.month} ${a.balance.toFixed(2)}`)),
  };
}

/** The user's kept count and sum per kind (transaction_totals), and the same summed from the records now, as "kind count sum" lines. */
async function kindTotals(userId: string) {
  const [kept, summed] = await Promise.all([
    h.db.prisma.$queryRaw<{ line: string }[]>`
      SELECT kind || ' ' || count::text || ' ' || amount::numeric(14, 2)::text AS line FROM transaction_totals WHERE user_id = ${userId} AND count <> 0`,
    h.db.prisma.$queryRaw<{ line: string }[]>`
      SELECT kind || ' ' || count(*)::text || ' ' || sum(amount)::numeric(14, 2)::text AS line FROM transactions WHERE user_id = ${userId} GROUP BY kind`,
  ]);
  return { kept: kept.map((r) => r.line).sort(), summed: summed.map((r) => r.line).sort() };
}

async function expectConsistent(viewer: Viewer) {
  expect(await kept(viewer.id)).toEqual(await recomputed(viewer.id));
  const kinds = await kindTotals(viewer.id);
  expect(kinds.kept).toEqual(kinds.summed);
  const { months, lines } = await history(viewer);
  expect(lines.sort()).toEqual((await balancesFromRecords(viewer.id, months)).sort());
}

describe('account month totals', () => {
  it('equal the records summed again after inserts, edits, deletes, transfers, starting-date moves, imports, undo and deletes of accounts', async () => {
    const { viewer, rest: send } = await h.user();
    // Every write here must succeed: one refused would leave nothing to check.
    const rest = async (...args: Parameters<typeof send>) => {
      const answer = await send(...args);
      expect(answer.status, `${args[0]} ${args[1]}`).toBeLessThan(300);
      return answer;
    };
    const other = await h.user();
    const account = async (name: string, startingDate: string, balance = '500.00') =>
      (await rest('POST', '/api/accounts', { name, type: 'checking', balance, startingDate })).body.id as string;
    const checking = await account('Checking', '2023-12-10');
    const savings = await account('Savings', '2024-01-01', '0.00');
    const theirs = (await other.rest('POST', '/api/accounts', { name: 'Theirs', type: 'checking', startingDate: '2023-01-01' })).body.id;
    await other.rest('POST', '/api/transactions', { amount: '7.00', description: 'Theirs', date: '2024-02-02', accountId: theirs });
    await expectConsistent(viewer);

    // Inserts of each kind, some before the starting date and some in its month before the day.
    const lunch = (
      await rest('POST', '/api/transactions', { amount: '12.50', description: 'Lunch', date: '2024-01-05', accountId: checking })
    ).body.id;
    await rest('POST', '/api/transactions', { amount: '30.00', description: 'Old', date: '2023-11-20', accountId: checking });
    await rest('POST', '/api/transactions', { amount: '9.00', description: 'Before the day', date: '2023-12-02', accountId: checking });
    await rest('POST', '/api/transactions', {
      amount: '4.00',
      description: 'Money back',
      date: '2024-01-07',
      accountId: checking,
      kind: 'refund',
    });
    await rest('POST', '/api/transactions', { amount: '3.00', description: 'No account', date: '2024-01-07' });
    const pay = (await rest('POST', '/api/paychecks', { amount: '900.00', date: '2024-02-01', accountId: checking })).body.id;
    const move = (
      await rest('POST', '/api/transfers', { fromAccountId: checking, toAccountId: savings, amount: '200.00', date: '2024-02-15' })
    ).body.id;
    await expectConsistent(viewer);

    // Edits: amount, date into another month, account, kind; a transfer's sides and date; a paycheck's account.
    // Each checked on its own: a later write summing the same month again would hide an earlier one missed.
    for (const change of [
      { amount: '15.25' },
      { date: '2024-03-02' },
      { accountId: savings },
      { kind: 'refund' },
      { description: 'Brunch' },
    ]) {
      await rest('PATCH', `/api/transactions/${lunch}`, change);
      await expectConsistent(viewer);
    }
    for (const change of [{ amount: '210.00' }, { fromAccountId: savings, toAccountId: checking }, { date: '2024-01-31' }]) {
      await rest('PATCH', `/api/transfers/${move}`, change);
      await expectConsistent(viewer);
    }
    for (const change of [{ amount: '950.00' }, { accountId: savings }, { date: '2024-03-01' }]) {
      await rest('PATCH', `/api/paychecks/${pay}`, change);
      await expectConsistent(viewer);
    }

    // Starting dates moved later and earlier: the kept totals stay, the history follows.
    await rest('PATCH', `/api/accounts/${checking}`, { startingDate: '2024-01-06' });
    await expectConsistent(viewer);
    await rest('PATCH', `/api/accounts/${checking}`, { startingDate: '2023-11-01' });
    await expectConsistent(viewer);

    // An import and its undo.
    const imported = await rest('POST', '/api/imports', {
      fileName: 'bofa.csv',
      content: fixture('bofa-checking.csv'),
      accountId: checking,
    });
    await expectConsistent(viewer);
    await rest('DELETE', `/api/imports/${imported.body.id}`);
    await expectConsistent(viewer);

    // Deletes: a record of each kind, then an account (its records stay, in no account).
    await rest('DELETE', `/api/transactions/${lunch}`);
    await rest('DELETE', `/api/paychecks/${pay}`);
    await rest('DELETE', `/api/transfers/${move}`);
    await expectConsistent(viewer);
    await rest('POST', '/api/transfers', { fromAccountId: checking, toAccountId: savings, amount: '50.00', date: '2024-03-01' });
    await rest('DELETE', `/api/accounts/${savings}`);
    await expectConsistent(viewer);
    expect(await kept(viewer.id)).not.toEqual([]);

    // The other user's totals were never touched by any of it.
    expect(await kept(other.viewer.id)).toEqual([`${theirs} 2024-02-01 -7.00`]);
    expect((await kindTotals(other.viewer.id)).kept).toEqual(['expense 1 7.00']);
  });
});
