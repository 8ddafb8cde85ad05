import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { useModuleHarness } from '../../test/module-harness.ts';

// Starting balances, statuses and reconciling against a statement (docs/product.md#reconcile), through REST and GraphQL.
const h = useModuleHarness();
type User = Awaited<ReturnType<typeof h.user>>;

const account = async (rest: User['rest'], body: object = {}) =>
  (await rest('POST', '/api/accounts', { name: 'Checking', type: 'checking', balance: '1000.00', startingDate: '2026-03-01', ...body }))
    .body as { id: string; balance: string; startingBalance: string; startingDate: string };
const balanceOf = async (rest: User['rest'], id: string) =>
  ((await rest('GET', '/api/accounts')).body as { id: string; balance: string }[]).find((a) => a.id === id)!.balance;
const activity = async (rest: User['rest'], id: string) =>
  (await rest('GET', `/api/accounts/${id}/activity`)).body.items as {
    id: string;
    kind: string;
    change: string;
    status: string;
    beforeStart: boolean;
  }[];

describe('starting balance on a date', () => {
  it('counts records from the starting date; older ones stay in the activity, move nothing, and count again once the date moves', async () => {
    const { rest, gql } = await h.user();
    const a = await account(rest);
    expect(a).toMatchObject({ balance: '1000.00', startingBalance: '1000.00', startingDate: '2026-03-01' });
    await rest('POST', '/api/transactions', { amount: '40.00', description: 'Old', date: '2026-02-27', accountId: a.id });
    await rest('POST', '/api/paychecks', { amount: '5.00', date: '2026-02-28', accountId: a.id });
    await rest('POST', '/api/transactions', { amount: '10.00', description: 'New', date: '2026-03-01', accountId: a.id });
    expect(await balanceOf(rest, a.id)).toBe('990.00');
    const rows = await activity(rest, a.id);
    expect(rows.map((r) => [r.change, r.beforeStart])).toEqual([
      ['-10.00', false],
      ['0.00', true],
      ['0.00', true],
    ]);
    const node = await gql(`query($id: ID!) { node(id: $id) { ... on Account { startingBalance startingDate recordsBeforeStart } } }`, {
      id: encodeGlobalID('Account', a.id),
    });
    expect(node.data.node).toEqual({ startingBalance: '1000.00', startingDate: '2026-03-01', recordsBeforeStart: 2 });

    // Moving the date alone keeps today's balance: the starting balance on the new day is worked out.
    const moved = await rest('PATCH', `/api/accounts/${a.id}`, { startingDate: '2026-02-01' });
    expect(moved.body).toMatchObject({ balance: '990.00', startingBalance: '1035.00', startingDate: '2026-02-01' });
    expect((await activity(rest, a.id)).every((r) => !r.beforeStart)).toBe(true);
    // A starting balance given moves today's balance with it; a balance given moves the starting balance.
    expect((await rest('PATCH', `/api/accounts/${a.id}`, { startingBalance: '100.00' })).body).toMatchObject({ balance: '55.00' });
    expect((await rest('PATCH', `/api/accounts/${a.id}`, { balance: '70.00' })).body).toMatchObject({ startingBalance: '115.00' });
    // Records edited across the starting date follow it.
    const late = (await activity(rest, a.id)).find((r) => r.change === '-40.00')!;
    await rest('PATCH', `/api/transactions/${late.id}`, { date: '2026-01-15' });
    expect(await balanceOf(rest, a.id)).toBe('110.00');
    await rest('DELETE', `/api/transactions/${late.id}`);
    expect(await balanceOf(rest, a.id)).toBe('110.00');

    const both = await rest('PATCH', `/api/accounts/${a.id}`, { balance: '1.00', startingBalance: '2.00' });
    expect(both).toMatchObject({ status: 400, body: { errors: [{ path: ['startingBalance'] }] } });
    expect((await rest('PATCH', `/api/accounts/${a.id}`, { startingDate: '2026-02-30' })).status).toBe(400);
    expect(await balanceOf(rest, a.id)).toBe('110.00');
  });

  it('defaults the starting date to today in the user’s time zone', async () => {
    const { gql } = await h.user('Pacific/Kiritimati');
    const created = await gql(
      `mutation { createAccount(input: { name: "Cash", type: cash }) { account { startingDate startingBalance recordsBeforeStart } } }`,
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    expect(created.data.createAccount.account).toEqual({ startingDate: today, startingBalance: '0.00', recordsBeforeStart: 0 });
  });
});

describe('statuses', () => {
  it('are uncleared by default, set on writes (a transfer: both sides), and one row at a time in an account', async () => {
    const { rest, gql } = await h.user();
    const a = await account(rest);
    const b = await account(rest, { name: 'Savings' });
    const t = await rest('POST', '/api/transactions', { amount: '1.00', description: 'x', date: '2026-03-02', accountId: a.id });
    expect(t.body.status).toBe('uncleared');
    const p = await rest('POST', '/api/paychecks', { amount: '1.00', date: '2026-03-02', accountId: a.id, status: 'cleared' });
    expect(p.body.status).toBe('cleared');
    const x = await rest('POST', '/api/transfers', {
      fromAccountId: a.id,
      toAccountId: b.id,
      amount: '2.00',
      date: '2026-03-02',
      status: 'cleared',
    });
    expect(x.body).toMatchObject({ fromStatus: 'cleared', toStatus: 'cleared' });
    expect((await rest('PATCH', `/api/transactions/${t.body.id}`, { status: 'cleared' })).body.status).toBe('cleared');

    const set = await rest('PUT', `/api/accounts/${b.id}/activity/status`, { kind: 'transfer_in', id: x.body.id, status: 'uncleared' });
    expect(set).toMatchObject({ status: 200, body: { kind: 'transfer_in', id: x.body.id, status: 'uncleared' } });
    expect((await activity(rest, a.id)).find((r) => r.id === x.body.id)!.status).toBe('cleared');
    expect((await activity(rest, b.id))[0]!.status).toBe('uncleared');
    // A record of another account's side answers as a missing one.
    expect((await rest('PUT', `/api/accounts/${b.id}/activity/status`, { kind: 'expense', id: t.body.id, status: 'cleared' })).status).toBe(
      404,
    );

    const rows = await gql(`query($id: ID!) { node(id: $id) { ... on Account { activity { edges { node { id kind status } } } } } }`, {
      id: encodeGlobalID('Account', a.id),
    });
    const paycheckRow = rows.data.node.activity.edges.find((e: { node: { kind: string } }) => e.node.kind === 'PAYCHECK').node;
    const toggled = await gql(`mutation($input: SetActivityStatusInput!) { setActivityStatus(input: $input) { account { id } } }`, {
      input: { accountId: encodeGlobalID('Account', a.id), item: paycheckRow.id, status: 'UNCLEARED' },
    });
    expect(toggled.errors).toBeUndefined();
    expect((await rest('GET', `/api/paychecks`)).body[0].status).toBe('uncleared');

    // Bad input: a clear 400 and nothing written.
    expect(
      (await rest('POST', '/api/transactions', { amount: '1.00', description: 'y', date: '2026-03-02', status: 'done' })).body,
    ).toMatchObject({
      errors: [{ path: ['status'], message: 'Status must be one of: uncleared, cleared, reconciled' }],
    });
    expect((await rest('GET', '/api/transactions')).body).toHaveLength(1);
    expect((await rest('PUT', `/api/accounts/${a.id}/activity/status`, { kind: 'expense', id: t.body.id, status: 'gone' })).status).toBe(
      400,
    );
    const badItem = await gql(`mutation($input: SetActivityStatusInput!) { setActivityStatus(input: $input) { account { id } } }`, {
      input: { accountId: encodeGlobalID('Account', a.id), item: 'nonsense', status: 'CLEARED' },
    });
    expect(badItem.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('reconcile', () => {
  async function statementSetup(rest: User['rest']) {
    const a = await account(rest);
    const cleared = await rest('POST', '/api/transactions', {
      amount: '100.00',
      description: 'Groceries',
      date: '2026-03-05',
      accountId: a.id,
      status: 'cleared',
    });
    await rest('POST', '/api/paychecks', { amount: '50.00', date: '2026-03-06', accountId: a.id, status: 'cleared' });
    const pending = await rest('POST', '/api/transactions', {
      amount: '30.00',
      description: 'Pending',
      date: '2026-03-07',
      accountId: a.id,
    });
    const later = await rest('POST', '/api/transactions', {
      amount: '7.00',
      description: 'Later',
      date: '2026-04-02',
      accountId: a.id,
      status: 'cleared',
    });
    return { a, cleared: cleared.body.id as string, pending: pending.body.id as string, later: later.body.id as string };
  }

  it('without an adjustment: a difference writes nothing; 0 marks the cleared records through the date reconciled', async () => {
    const { rest } = await h.user();
    const { a, cleared, pending, later } = await statementSetup(rest);
    const off = await rest('POST', `/api/accounts/${a.id}/reconcile`, { statementBalance: '960.00', statementDate: '2026-03-31' });
    expect(off).toMatchObject({ status: 200, body: { clearedBalance: '950.00', difference: '10.00', reconciled: false } });
    expect(Object.keys(off.body).sort()).toEqual(['clearedBalance', 'difference', 'reconciled']);
    expect((await activity(rest, a.id)).some((r) => r.status === 'reconciled')).toBe(false);

    const done = await rest('POST', `/api/accounts/${a.id}/reconcile`, { statementBalance: '950.00', statementDate: '2026-03-31' });
    expect(done.body).toEqual({ clearedBalance: '950.00', difference: '0.00', reconciled: true });
    const status = Object.fromEntries((await activity(rest, a.id)).map((r) => [r.id, r.status]));
    expect(status[cleared]).toBe('reconciled');
    expect(status[pending]).toBe('uncleared');
    expect(status[later]).toBe('cleared');
    expect(await balanceOf(rest, a.id)).toBe('913.00');
  });

  it('with an adjustment: a "Reconciliation adjustment" closes the gap (an expense when the bank has less, a paycheck when more), then reconciles', async () => {
    const { rest, gql } = await h.user();
    const { a } = await statementSetup(rest);
    const less = await rest('POST', `/api/accounts/${a.id}/reconcile`, {
      statementBalance: '945.50',
      statementDate: '2026-03-31',
      adjust: true,
    });
    expect(less.body).toEqual({ clearedBalance: '945.50', difference: '0.00', reconciled: true });
    const adjustment = (await rest('GET', '/api/transactions')).body.find(
      (t: { description: string }) => t.description === 'Reconciliation adjustment',
    );
    expect(adjustment).toMatchObject({ amount: '4.50', date: '2026-03-31', status: 'reconciled', accountId: a.id, categoryId: null });
    expect(await balanceOf(rest, a.id)).toBe('908.50');

    const id = encodeGlobalID('Account', a.id);
    const preview = await gql(
      `query($id: ID!) { node(id: $id) { ... on Account { reconciliation(statementBalance: "950.50", statementDate: "2026-04-30") { clearedBalance difference } } } }`,
      { id },
    );
    expect(preview.data.node.reconciliation).toEqual({ clearedBalance: '938.50', difference: '12.00' });
    const more = await gql(
      `mutation($input: ReconcileAccountInput!) { reconcileAccount(input: $input) { clearedBalance difference reconciled account { balance } viewer { netWorth } } }`,
      { input: { accountId: id, statementBalance: '950.50', statementDate: '2026-04-30', adjust: true } },
    );
    expect(more.data.reconcileAccount).toEqual({
      clearedBalance: '950.50',
      difference: '0.00',
      reconciled: true,
      account: { balance: '920.50' },
      viewer: { netWorth: '920.50' },
    });
    const paycheck = (await rest('GET', '/api/paychecks')).body.find(
      (p: { notes: string | null }) => p.notes === 'Reconciliation adjustment',
    );
    expect(paycheck).toMatchObject({ amount: '12.00', date: '2026-04-30', status: 'reconciled' });
  });

  it('refuses bad input with a clear 400 and writes nothing; another user’s account answers as a missing one', async () => {
    const { rest } = await h.user();
    const other = await h.user();
    const { a } = await statementSetup(rest);
    const bad = [
      [{ statementBalance: 'lots', statementDate: '2026-03-31' }, 'statementBalance'],
      [{ statementBalance: '1.00', statementDate: '2026-13-01' }, 'statementDate'],
      [{ statementBalance: '1.00', statementDate: '2026-02-01', adjust: true }, 'statementDate'],
      [{ statementBalance: '1.00', statementDate: '2026-03-31', adjust: 'yes' }, 'adjust'],
      [{ statementBalance: '1.00', statementDate: '2026-03-31', extra: 1 }, ''],
    ] as const;
    for (const [body, field] of bad) {
      const answer = await rest('POST', `/api/accounts/${a.id}/reconcile`, body);
      expect(answer.status).toBe(400);
      if (field) expect(answer.body.errors[0].path).toEqual([field]);
    }
    expect(await balanceOf(rest, a.id)).toBe('913.00');
    expect((await rest('GET', '/api/transactions')).body).toHaveLength(3);

    const missing = await other.rest('POST', `/api/accounts/does-not-exist/reconcile`, {
      statementBalance: '1.00',
      statementDate: '2026-03-31',
    });
    const foreign = await other.rest('POST', `/api/accounts/${a.id}/reconcile`, {
      statementBalance: '950.00',
      statementDate: '2026-03-31',
      adjust: true,
    });
    expect([foreign.status, foreign.body]).toEqual([missing.status, missing.body]);
    expect(foreign.status).toBe(404);
    const foreignStatus = await other.rest('PUT', `/api/accounts/${a.id}/activity/status`, { kind: 'expense', id: 'x', status: 'cleared' });
    expect(foreignStatus.status).toBe(404);
    const asGql = await other.gql(`mutation($input: ReconcileAccountInput!) { reconcileAccount(input: $input) { reconciled } }`, {
      input: { accountId: encodeGlobalID('Account', a.id), statementBalance: '950.00', statementDate: '2026-03-31' },
    });
    expect(asGql.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await activity(rest, a.id)).some((r) => r.status === 'reconciled')).toBe(false);
  });
});
