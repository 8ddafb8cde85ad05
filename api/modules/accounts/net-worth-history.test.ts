import { describe, expect, it } from 'vitest';
import { useModuleHarness } from '../../test/module-harness.ts';
import { netWorthHistory } from './net-worth-history.ts';

// Net worth over time from the ledger (docs/product.md#net-worth-over-time).
const h = useModuleHarness();

describe('net worth history', () => {
  it('gives each account’s balance and the total at the end of each month, from the starting balances and the records', async () => {
    const { rest, gql, viewer } = await h.user();
    const now = new Date('2026-11-27T12:00:00Z');
    const checking = (
      await rest('POST', '/api/accounts', { name: 'Checking', type: 'checking', balance: '1000.00', startingDate: '2026-08-15' })
    ).body;
    const card = (await rest('POST', '/api/accounts', { name: 'Card', type: 'credit', startingDate: '2026-08-15' })).body;
    await rest('POST', '/api/transactions', {
      amount: '100.00',
      description: 'Before the start',
      date: '2026-07-01',
      accountId: checking.id,
    });
    await rest('POST', '/api/paychecks', { amount: '500.00', date: '2026-09-01', accountId: checking.id });
    await rest('POST', '/api/transactions', { amount: '80.00', description: 'Shoes', date: '2026-10-03', accountId: card.id });
    await rest('POST', '/api/transfers', { fromAccountId: checking.id, toAccountId: card.id, amount: '80.00', date: '2026-10-20' });
    await rest('POST', '/api/transactions', { amount: '20.00', description: 'Lunch', date: '2026-11-02', accountId: checking.id });

    const history = await netWorthHistory(viewer, { months: 5 }, now);
    const months = history.map((m) => ({
      month: m.month,
      total: m.total.toFixed(2),
      accounts: m.accounts.map((a) => ({ accountId: a.account.id, balance: a.balance.toFixed(2) })),
    }));
    const row = (month: string, c: string, k: string, total: string) => ({
      month,
      total,
      accounts: [
        { accountId: checking.id, balance: c },
        { accountId: card.id, balance: k },
      ],
    });
    expect(months).toEqual([
      row('2026-07', '1000.00', '0.00', '1000.00'),
      row('2026-08', '1000.00', '0.00', '1000.00'),
      row('2026-09', '1500.00', '0.00', '1500.00'),
      row('2026-10', '1420.00', '0.00', '1420.00'),
      row('2026-11', '1400.00', '0.00', '1400.00'),
    ]);

    // REST and GraphQL answer the same shape, of the current month back.
    const answer = await rest('GET', '/api/net-worth/history?months=3');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['months']);
    expect(answer.body.months).toHaveLength(3);
    expect(Object.keys(answer.body.months[0]).sort()).toEqual(['accounts', 'month', 'total']);
    expect(answer.body.months.at(-1).total).toBe('1400.00');
    const graph = await gql(`{ viewer { netWorthHistory(months: 2) { month total accounts { account { name } balance } } } }`);
    expect(graph.data.viewer.netWorthHistory.at(-1)).toEqual({
      month: answer.body.months.at(-1).month,
      total: '1400.00',
      accounts: [
        { account: { name: 'Checking' }, balance: '1400.00' },
        { account: { name: 'Card' }, balance: '0.00' },
      ],
    });
    expect((await rest('GET', '/api/net-worth/history')).body.months).toHaveLength(24);
  });

  it('refuses a bad months with a clear 400, and shows nothing of another user', async () => {
    const { rest } = await h.user();
    const other = await h.user();
    await other.rest('POST', '/api/accounts', { name: 'Theirs', type: 'checking', balance: '5.00' });
    for (const months of ['0', '121', 'x', '1.5']) {
      const answer = await rest('GET', `/api/net-worth/history?months=${months}`);
      expect(answer).toMatchObject({
        status: 400,
        body: { errors: [{ path: ['months'], message: 'months must be a whole number from 1 to 120' }] },
      });
    }
    const mine = await rest('GET', '/api/net-worth/history?months=1');
    expect(mine.body.months).toEqual([{ month: expect.stringMatching(/^\d{4}-\d{2}$/), total: '0.00', accounts: [] }]);
  });
});
