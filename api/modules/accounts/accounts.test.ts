import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { createTestViewer, graphqlAs } from '../../test/graphql-client.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.close());

const ACCOUNTS = `{ viewer { totalBalance accounts { totalCount edges { node { id name type balance isDefault notes } } } } }`;
const CREATE = `mutation($input: CreateAccountInput!) { createAccount(input: $input) { account { id name isDefault balance } viewer { totalBalance } } }`;

async function setup() {
  const viewer = await createTestViewer(db);
  return { viewer, gql: graphqlAs(db, viewer) };
}

describe('accounts', () => {
  it('makes the first account the default and sums balances exactly', async () => {
    const { gql } = await setup();
    const a = await gql(CREATE, { input: { name: 'Checking', type: 'checking', balance: '0.10' } });
    expect(a.errors).toBeUndefined();
    expect(a.data.createAccount.account).toMatchObject({ name: 'Checking', isDefault: true, balance: '0.10' });
    const b = await gql(CREATE, { input: { name: 'Card', type: 'credit', balance: '-0.30', notes: 'Visa' } });
    expect(b.data.createAccount.account.isDefault).toBe(false);
    const c = await gql(CREATE, { input: { name: 'Cash', type: 'cash', balance: '0.20' } });
    expect(c.data.createAccount.viewer.totalBalance).toBe('0.00');
    const list = await gql(ACCOUNTS);
    expect(list.data.viewer.accounts.totalCount).toBe(3);
    expect(list.data.viewer.accounts.edges.map((e: any) => e.node.name)).toEqual(['Checking', 'Card', 'Cash']);
  });

  it('keeps exactly one default when setting and deleting defaults', async () => {
    const { gql } = await setup();
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C']) ids.push((await gql(CREATE, { input: { name, type: 'savings' } })).data.createAccount.account.id);
    const set = await gql(`mutation($id: ID!) { setDefaultAccount(id: $id) { account { isDefault } } }`, { id: ids[2] });
    expect(set.data.setDefaultAccount.account.isDefault).toBe(true);
    const defaults = async () =>
      (await gql(ACCOUNTS)).data.viewer.accounts.edges.filter((e: any) => e.node.isDefault).map((e: any) => e.node.name);
    expect(await defaults()).toEqual(['C']);
    await gql(`mutation($id: ID!) { deleteAccount(id: $id) { deletedId } }`, { id: ids[2] });
    expect(await defaults()).toEqual(['A']);
  });

  it('reads a blank or null balance as 0.00', async () => {
    const { gql } = await setup();
    for (const balance of [null, '', ' ']) {
      const res = await gql(CREATE, { input: { name: 'Wallet', type: 'cash', balance } });
      expect(res.data.createAccount.account.balance).toBe('0.00');
    }
  });

  it('rejects invalid input with the spec messages and changes nothing', async () => {
    const { gql } = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', type: 'cash' }, 'Name is required'],
      [{ name: 'x'.repeat(101), type: 'cash' }, 'Name must be at most 100 characters'],
      [{ name: 'A', type: 'cash', balance: '12.345' }, 'Balance must be a valid number'],
      [{ name: 'A', type: 'cash', balance: '1e5' }, 'Balance must be a valid number'],
      [{ name: 'A', type: 'cash', balance: '12345678901.00' }, 'Balance must be a valid number'],
    ];
    for (const [input, message] of cases) {
      const res = await gql(CREATE, { input });
      expect(res.errors?.[0]?.extensions?.code, JSON.stringify(input)).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0]?.extensions?.issues?.[0]?.message).toBe(message);
    }
    expect((await gql(ACCOUNTS)).data.viewer.accounts.totalCount).toBe(0);
  });

  it("treats another user's account like one that does not exist", async () => {
    const alice = await setup();
    const bob = await setup();
    const id = (await alice.gql(CREATE, { input: { name: 'Mine', type: 'cash' } })).data.createAccount.account.id;
    expect((await bob.gql(`query($id: ID!) { node(id: $id) { id } }`, { id })).data.node).toBeNull();
    const del = await bob.gql(`mutation($id: ID!) { deleteAccount(id: $id) { deletedId } }`, { id });
    expect(del.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await alice.gql(ACCOUNTS)).data.viewer.accounts.totalCount).toBe(1);
  });

  it('refuses signed-out requests with UNAUTHENTICATED', async () => {
    const res = await graphqlAs(db, null)(ACCOUNTS);
    expect(res.status).toBe(401);
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
