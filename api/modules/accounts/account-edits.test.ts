import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { useModuleHarness } from '../../test/module-harness.ts';

const h = useModuleHarness();
const UPDATE = `mutation($input: UpdateAccountInput!) { updateAccount(input: $input) { account { id name type balance isDefault notes } viewer { totalBalance } } }`;

async function anAccount(rest: Awaited<ReturnType<typeof h.user>>['rest']) {
  return (await rest('POST', '/api/accounts', { name: 'Checking', type: 'checking', balance: '100.00', notes: 'main' })).body;
}

describe('editing an account', () => {
  it('changes only the fields given, through GraphQL and REST; the default stays with PUT', async () => {
    const { gql, rest } = await h.user();
    const account = await anAccount(rest);
    const id = encodeGlobalID('Account', account.id);
    const edited = await gql(UPDATE, { input: { id, name: ' Bills ', balance: '-20.5' } });
    expect(edited.data.updateAccount).toEqual({
      account: { id, name: 'Bills', type: 'checking', balance: '-20.50', isDefault: true, notes: 'main' },
      viewer: { totalBalance: '-20.50' },
    });
    expect((await gql(UPDATE, { input: { id, type: 'credit', notes: '' } })).data.updateAccount.account).toMatchObject({
      type: 'credit',
      notes: null,
    });

    const patched = await rest('PATCH', `/api/accounts/${account.id}`, { name: 'Card', notes: 'new' });
    expect(patched).toMatchObject({ status: 200 });
    expect(patched.body).toEqual({
      ...account,
      name: 'Card',
      type: 'credit',
      balance: '-20.50',
      // A balance set by hand sets the starting balance that leads to it (docs/product.md#reconcile).
      startingBalance: '-20.50',
      notes: 'new',
      updatedAt: patched.body.updatedAt,
    });
    expect((await rest('PATCH', `/api/accounts/${account.id}`, {})).body).toEqual(patched.body);
    // The spec's PUT is unchanged: it sets the default, and PATCH cannot.
    const second = (await rest('POST', '/api/accounts', { name: 'Savings', type: 'savings' })).body;
    expect((await rest('PATCH', `/api/accounts/${second.id}`, { isDefault: 1 })).status).toBe(400);
    expect((await rest('PUT', `/api/accounts/${second.id}`, { isDefault: 1 })).body.isDefault).toBe(1);
    expect((await rest('PUT', `/api/accounts/${second.id}`, { name: 'x' })).status).toBe(400);
  });

  it('refuses bad values and fields that cannot be changed, writing nothing', async () => {
    const { gql, rest } = await h.user();
    const account = await anAccount(rest);
    const patch = (body: unknown) => rest('PATCH', `/api/accounts/${account.id}`, body);
    expect((await patch({ name: '' })).body).toEqual({
      message: 'Name is required',
      errors: [{ path: ['name'], message: 'Name is required' }],
    });
    expect((await patch({ name: null })).body.errors).toEqual([{ path: ['name'], message: 'Name is required' }]);
    expect((await patch({ name: 'x'.repeat(101) })).body.message).toBe('Name must be at most 100 characters');
    expect((await patch({ type: 'loan' })).body.message).toBe('Type must be one of: checking, savings, credit, cash, investment');
    expect((await patch({ balance: '1.234' })).body.message).toBe('Balance must be a valid number');
    expect((await patch({ balance: null })).body.message).toBe('Balance must be a valid number');
    for (const field of ['id', 'userId', 'createdAt', 'isDefault', 'color']) {
      const res = await patch({ name: 'Changed', [field]: 1 });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(`"${field}"`);
    }
    const bad = await gql(UPDATE, { input: { id: encodeGlobalID('Account', account.id), name: ' ' } });
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      issues: [{ path: ['name'], message: 'Name is required' }],
    });
    expect((await rest('GET', '/api/accounts')).body).toEqual([account]);
  });

  it("answers another user's account exactly as a missing one, and leaves it alone", async () => {
    const alice = await h.user();
    const bob = await h.user();
    const account = await anAccount(alice.rest);
    for (const id of [account.id, 'missing']) {
      expect(await bob.rest('PATCH', `/api/accounts/${id}`, { name: 'Mine' })).toMatchObject({
        status: 404,
        body: { message: 'Not found' },
      });
      const res = await bob.gql(UPDATE, { input: { id: encodeGlobalID('Account', id), name: 'Mine' } });
      expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    expect((await alice.rest('GET', '/api/accounts')).body).toEqual([account]);
  });

  it('applies 20 concurrent edits of different fields, and an edit racing a delete answers 200 or 404', async () => {
    const { rest } = await h.user();
    const account = await anAccount(rest);
    const edits = Array.from(
      { length: 20 },
      (_, i) =>
        ([{ name: `Name ${i}` }, { type: 'cash' }, { balance: `${i}.25` }, { notes: `note ${i}` }] as Record<string, string>[])[i % 4]!,
    );
    const answers = await Promise.all(edits.map((body) => rest('PATCH', `/api/accounts/${account.id}`, body)));
    expect(answers.map((a) => a.status)).toEqual(edits.map(() => 200));
    const [after] = (await rest('GET', '/api/accounts')).body;
    for (const field of ['name', 'type', 'balance', 'notes'] as const) {
      expect(edits.flatMap((e) => (field in e ? [e[field]] : []))).toContain(after[field]);
    }

    for (let i = 0; i < 5; i++) {
      const { id } = await anAccount(rest);
      const [edit, removal] = await Promise.all([
        rest('PATCH', `/api/accounts/${id}`, { name: 'Renamed' }),
        rest('DELETE', `/api/accounts/${id}`),
      ]);
      expect([200, 404]).toContain(edit.status);
      expect(removal.status).toBe(204);
    }
  });
});
