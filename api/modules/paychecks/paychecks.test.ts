import { describe, expect, it } from 'vitest';
import { Decimal } from '../../lib/money.ts';
import { useModuleHarness } from '../../test/module-harness.ts';

const h = useModuleHarness();
const ADD = `mutation($input: AddPaycheckInput!) { addPaycheck(input: $input) { paycheck { id amount date notes } viewer { budgetSummary { totalIncome } } } }`;
const LIST = `{ viewer { paychecks(first: 50) { totalCount edges { node { amount date notes } } } } }`;

describe('paychecks', () => {
  it('adds, lists newest first, sums exactly and deletes', async () => {
    const { gql } = await h.user();
    const a = await gql(ADD, { input: { amount: '0.10', date: '2026-01-15' } });
    expect(a.data.addPaycheck.paycheck).toMatchObject({ amount: '0.10', date: '2026-01-15', notes: null });
    const b = await gql(ADD, { input: { amount: '0.20', date: '2026-02-01', notes: 'Bonus' } });
    expect(b.data.addPaycheck.viewer.budgetSummary.totalIncome).toBe('0.30');
    const list = await gql(LIST);
    expect(list.data.viewer.paychecks.edges.map((e: any) => e.node.date)).toEqual(['2026-02-01', '2026-01-15']);
    const del = await gql(`mutation($id: ID!) { deletePaycheck(id: $id) { deletedId viewer { paychecks { totalCount } } } }`, {
      id: a.data.addPaycheck.paycheck.id,
    });
    expect(del.data.deletePaycheck).toEqual({ deletedId: a.data.addPaycheck.paycheck.id, viewer: { paychecks: { totalCount: 1 } } });
  });

  it('rejects invalid amounts and dates with the spec messages', async () => {
    const { gql, rest } = await h.user();
    for (const amount of ['', 'abc', '-5', '1e5', '12.345', '12345678901', ' ', '١٢']) {
      const res = await gql(ADD, { input: { amount, date: '2026-01-01' } });
      expect(res.errors?.[0]?.extensions?.issues?.[0], amount).toEqual({ path: ['amount'], message: 'Amount must be a valid number' });
    }
    for (const date of ['2026-02-30', 'yesterday', '']) {
      const res = await rest('POST', '/api/paychecks', { amount: '10', date });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toEqual(['date']);
    }
    expect((await rest('POST', '/api/paychecks', { amount: '10', date: '2026-01-01', id: 'x' })).status).toBe(400);
    expect((await rest('GET', '/api/paychecks')).body).toEqual([]);
  });

  it('sums 10,000 odd-cent paychecks exactly', async () => {
    const { viewer, gql } = await h.user();
    let expected = new Decimal(0);
    const rows = Array.from({ length: 10_000 }, (_, i) => {
      const amount = `${(i * 7919) % 1000}.${String((i * 31) % 100).padStart(2, '0')}`;
      expected = expected.plus(amount);
      return { userId: viewer.id, amount, date: new Date(Date.UTC(2025, i % 12, 1 + (i % 28))) };
    });
    await h.db.prisma.paycheck.createMany({ data: rows });
    const res = await gql(`{ viewer { budgetSummary { totalIncome } } }`);
    expect(res.data.viewer.budgetSummary.totalIncome).toBe(expected.toFixed(2));
  });

  it('serves the REST calls and keeps users apart', async () => {
    const alice = await h.user();
    const bob = await h.user();
    const created = await alice.rest('POST', '/api/paychecks', { amount: '1500', date: '2026-03-01', notes: null });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ amount: '1500.00', date: '2026-03-01', notes: null });
    expect((await bob.rest('GET', '/api/paychecks')).body).toEqual([]);
    expect((await bob.rest('DELETE', `/api/paychecks/${created.body.id}`)).status).toBe(404);
    const node = await bob.gql(`{ viewer { id } }`);
    expect(node.data.viewer.id).toBeTruthy();
    expect((await alice.rest('DELETE', `/api/paychecks/${created.body.id}`)).status).toBe(204);
  });
});
