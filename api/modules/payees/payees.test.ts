import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { useModuleHarness } from '../../test/module-harness.ts';

const h = useModuleHarness();

const ADD = `mutation($input: AddTransactionInput!) { addTransaction(input: $input) { transaction { id description payee { id name } } } }`;

describe('payees', () => {
  it('a transaction or paycheck takes a payee by name (found whatever its case), reads it back, and a spec client sees null', async () => {
    const { rest, gql } = await h.user();
    const a = await rest('POST', '/api/transactions', {
      amount: '4.50',
      description: 'Coffee',
      date: '2026-01-02',
      payee: ' Blue Bottle ',
    });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ payee: 'Blue Bottle', payeeId: expect.any(String), importedDescription: null });
    const b = await gql(ADD, { input: { amount: '3.00', description: 'More coffee', date: '2026-01-03', payee: 'BLUE BOTTLE' } });
    expect(b.data.addTransaction.transaction.payee).toEqual({ id: encodeGlobalID('Payee', a.body.payeeId), name: 'Blue Bottle' });
    const plain = await rest('POST', '/api/transactions', { amount: '1', description: 'Plain', date: '2026-01-04' });
    expect(plain.body).toMatchObject({ payee: null, payeeId: null });
    const pay = await rest('POST', '/api/paychecks', { amount: '100', date: '2026-01-05', payee: 'Acme Corp' });
    expect(pay.body).toMatchObject({ payee: 'Acme Corp' });
    const gqlPay = await gql(`mutation($input: AddPaycheckInput!) { addPaycheck(input: $input) { paycheck { id payee { name } } } }`, {
      input: { amount: '5', date: '2026-01-01', payee: 'acme corp' },
    });
    expect(gqlPay.data.addPaycheck.paycheck.payee).toEqual({ name: 'Acme Corp' });
    const cleared = await gql(`mutation($input: UpdatePaycheckInput!) { updatePaycheck(input: $input) { paycheck { payee { name } } } }`, {
      input: { id: gqlPay.data.addPaycheck.paycheck.id, payee: null },
    });
    expect(cleared.data.updatePaycheck.paycheck.payee).toBeNull();
    expect((await rest('GET', '/api/payees')).body.map((p: { name: string }) => p.name)).toEqual(['Acme Corp', 'Blue Bottle']);
    // Lists (whole and paged, REST and GraphQL) carry the payee.
    const list = (await rest('GET', '/api/transactions')).body as { description: string; payee: string | null }[];
    expect(list.map((t) => [t.description, t.payee])).toEqual([
      ['Plain', null],
      ['More coffee', 'Blue Bottle'],
      ['Coffee', 'Blue Bottle'],
    ]);
    const page = await rest('GET', '/api/transactions?limit=2');
    expect(page.body.items.map((t: { payee: string | null }) => t.payee)).toEqual([null, 'Blue Bottle']);
    expect((await rest('GET', '/api/paychecks')).body[0].payee).toBe('Acme Corp');
    // An edit sets, changes or clears it.
    const edited = await rest('PATCH', `/api/transactions/${plain.body.id}`, { payee: 'acme corp' });
    expect(edited.body.payee).toBe('Acme Corp');
    expect((await rest('PATCH', `/api/transactions/${plain.body.id}`, { payee: null })).body.payee).toBeNull();
    expect((await rest('PATCH', `/api/paychecks/${pay.body.id}`, { payee: '' })).body.payee).toBeNull();
  });

  it('filters and searches by payee', async () => {
    const { rest, gql } = await h.user();
    const a = await rest('POST', '/api/transactions', { amount: '4.50', description: 'Latte', date: '2026-01-02', payee: 'Blue Bottle' });
    await rest('POST', '/api/transactions', { amount: '9', description: 'Sandwich', date: '2026-01-02', payee: 'Deli' });
    const byPayee = await rest('GET', `/api/transactions?payeeId=${a.body.payeeId}`);
    expect(byPayee.body.map((t: { description: string }) => t.description)).toEqual(['Latte']);
    const search = await rest('GET', '/api/transactions?q=bottle');
    expect(search.body.map((t: { description: string }) => t.description)).toEqual(['Latte']);
    const res = await gql(`query($f: TransactionFilter) { viewer { transactions(first: 10, filter: $f) { totalCount } } }`, {
      f: { payeeId: encodeGlobalID('Payee', a.body.payeeId) },
    });
    expect(res.data.viewer.transactions.totalCount).toBe(1);
    // A rename is found by search at once.
    await rest('PATCH', `/api/payees/${a.body.payeeId}`, { name: 'Ritual Coffee' });
    expect((await rest('GET', '/api/transactions?q=ritual')).body).toHaveLength(1);
    expect((await rest('GET', '/api/transactions?q=bottle')).body).toHaveLength(0);
  });

  it('renames (every record follows; a taken name is refused) and merges (all or nothing)', async () => {
    const { rest, gql } = await h.user();
    const t1 = (await rest('POST', '/api/transactions', { amount: '1', description: 'a', date: '2026-01-01', payee: 'AMZN' })).body;
    const t2 = (await rest('POST', '/api/transactions', { amount: '2', description: 'b', date: '2026-01-01', payee: 'Amazon.com' })).body;
    const p1 = (await rest('POST', '/api/paychecks', { amount: '3', date: '2026-01-01', payee: 'Amazon Refunds' })).body;
    const renamed = await rest('PATCH', `/api/payees/${t1.payeeId}`, { name: 'Amazon' });
    expect(renamed.body).toMatchObject({ id: t1.payeeId, name: 'Amazon' });
    const clash = await rest('PATCH', `/api/payees/${t2.payeeId}`, { name: 'amazon' });
    expect(clash.status).toBe(400);
    expect(clash.body.errors[0]).toEqual({ path: ['name'], message: 'A payee named "amazon" already exists: merge the two instead' });
    expect((await rest('PATCH', `/api/payees/${t2.payeeId}`, { name: '' })).status).toBe(400);

    const merged = await gql(
      `mutation($input: MergePayeesInput!) { mergePayees(input: $input) { payee { name transactionCount paycheckCount } mergedIds } }`,
      { input: { ids: [t2.payeeId, p1.payeeId].map((id) => encodeGlobalID('Payee', id)), into: encodeGlobalID('Payee', t1.payeeId) } },
    );
    expect(merged.data.mergePayees).toEqual({
      payee: { name: 'Amazon', transactionCount: 2, paycheckCount: 1 },
      mergedIds: [t2.payeeId, p1.payeeId].map((id) => encodeGlobalID('Payee', id)),
    });
    expect((await rest('GET', '/api/payees')).body.map((p: { name: string }) => p.name)).toEqual(['Amazon']);
    expect((await rest('GET', '/api/transactions')).body.map((t: { payee: string }) => t.payee)).toEqual(['Amazon', 'Amazon']);
    expect((await rest('GET', '/api/paychecks')).body[0].payee).toBe('Amazon');

    // An unknown id among them changes nothing.
    const other = (await rest('POST', '/api/transactions', { amount: '1', description: 'c', date: '2026-01-01', payee: 'Other' })).body;
    const bad = await rest('POST', '/api/payees/merge', { ids: [other.payeeId, 'nope'], into: t1.payeeId });
    expect(bad.status).toBe(404);
    expect((await rest('GET', '/api/payees')).body).toHaveLength(2);
    for (const body of [
      { ids: [], into: t1.payeeId },
      { ids: [other.payeeId] },
      { ids: 'x', into: t1.payeeId },
      { ids: [other.payeeId], into: t1.payeeId, x: 1 },
    ]) {
      const res = await rest('POST', '/api/payees/merge', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await rest('GET', '/api/payees')).body).toHaveLength(2);
    expect((await rest('POST', '/api/payees/merge', { ids: [other.payeeId], into: t1.payeeId })).body.name).toBe('Amazon');
  });

  it('rules that name a payee follow its rename and merge; text patterns stay as written', async () => {
    const { rest } = await h.user();
    const amzn = (await rest('POST', '/api/transactions', { amount: '1', description: 'a', date: '2026-01-01', payee: 'AMZN' })).body;
    const mktp = (await rest('POST', '/api/transactions', { amount: '2', description: 'b', date: '2026-01-01', payee: 'Amzn Mktp' })).body;
    const rule = async (conditions: unknown[], actions: object) =>
      (await rest('POST', '/api/rules', { conditions, actions })).body.id as string;
    const names = await rule([{ field: 'payee', op: 'is', value: 'amzn' }], { payee: 'AMZN', notes: 'online' });
    const pattern = await rule([{ field: 'payee', op: 'contains', value: 'AMZN' }], { notes: 'pattern' });
    const merges = await rule([{ field: 'payee', op: 'is', value: 'Amzn Mktp' }], { payee: 'Amzn Mktp' });
    const rules = async () => Object.fromEntries(((await rest('GET', '/api/rules')).body as { id: string }[]).map((r) => [r.id, r]));

    await rest('PATCH', `/api/payees/${amzn.payeeId}`, { name: 'Amazon' });
    let now = await rules();
    expect(now[names]).toMatchObject({
      conditions: [{ field: 'payee', op: 'is', value: 'Amazon' }],
      actions: { payee: 'Amazon', notes: 'online' },
    });
    expect(now[pattern]).toMatchObject({ conditions: [{ field: 'payee', op: 'contains', value: 'AMZN' }] });
    expect(now[merges]).toMatchObject({ conditions: [{ value: 'Amzn Mktp' }], actions: { payee: 'Amzn Mktp' } });

    await rest('POST', '/api/payees/merge', { ids: [mktp.payeeId], into: amzn.payeeId });
    now = await rules();
    expect(now[merges]).toMatchObject({ conditions: [{ field: 'payee', op: 'is', value: 'Amazon' }], actions: { payee: 'Amazon' } });
    // A record added under the old name now gets the payee the rules give.
    const added = await rest('POST', '/api/transactions', { amount: '3', description: 'c', date: '2026-01-02', payee: 'Amazon' });
    expect(added.body).toMatchObject({ payee: 'Amazon', payeeId: amzn.payeeId });
  });

  it("answers another user's payee as a missing one, and never shows it", async () => {
    const alice = await h.user();
    const bob = await h.user();
    const t = (await alice.rest('POST', '/api/transactions', { amount: '1', description: 'a', date: '2026-01-01', payee: 'Secret' })).body;
    const mine = (await bob.rest('POST', '/api/transactions', { amount: '1', description: 'b', date: '2026-01-01', payee: 'Mine' })).body;
    expect((await bob.rest('GET', '/api/payees')).body.map((p: { name: string }) => p.name)).toEqual(['Mine']);
    expect((await bob.rest('PATCH', `/api/payees/${t.payeeId}`, { name: 'Stolen' })).status).toBe(404);
    expect((await bob.rest('PATCH', '/api/payees/nope', { name: 'Stolen' })).status).toBe(404);
    expect((await bob.rest('POST', '/api/payees/merge', { ids: [t.payeeId], into: mine.payeeId })).status).toBe(404);
    expect((await bob.rest('POST', '/api/payees/merge', { ids: [mine.payeeId], into: t.payeeId })).status).toBe(404);
    const rename = await bob.gql(`mutation($input: RenamePayeeInput!) { renamePayee(input: $input) { payee { name } } }`, {
      input: { id: encodeGlobalID('Payee', t.payeeId), name: 'Stolen' },
    });
    expect(rename.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const node = await bob.gql(`query($id: ID!) { node(id: $id) { id } }`, { id: encodeGlobalID('Payee', t.payeeId) });
    expect(node.data.node).toBeNull();
    // The same name is another payee for another user.
    const same = (await bob.rest('POST', '/api/transactions', { amount: '1', description: 'c', date: '2026-01-01', payee: 'Secret' })).body;
    expect(same.payeeId).not.toBe(t.payeeId);
    expect((await alice.rest('GET', '/api/payees')).body.map((p: { name: string }) => p.name)).toEqual(['Secret']);
  });

  it('refuses a bad payee with a clear 400, writing nothing', async () => {
    const { rest } = await h.user();
    for (const payee of ['x'.repeat(201), 12, { name: 'x' }]) {
      const res = await rest('POST', '/api/transactions', { amount: '1', description: 'a', date: '2026-01-01', payee });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toEqual(['payee']);
    }
    expect((await rest('GET', '/api/transactions')).body).toEqual([]);
    expect((await rest('GET', '/api/payees')).body).toEqual([]);
  });
});
