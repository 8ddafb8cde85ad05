import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUp } from '../test/sign-in.ts';
import { startTestServer } from '../test/test-server.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const LIST = `{ viewer { email transactions(first: 5) { totalCount edges { node { description } } } } }`;

describe('the per-user response cache', () => {
  it('serves repeated queries, and drops them on any change, through GraphQL or REST', async () => {
    const { client } = await signUp(server.base);
    expect((await client.graphql(LIST)).data.viewer.transactions.totalCount).toBe(0);
    expect((await client.graphql(LIST)).data.viewer.transactions.totalCount).toBe(0);
    const rest = await client.request('/api/transactions', {
      method: 'POST',
      json: { amount: '5.00', description: 'via REST', date: '2026-01-01' },
    });
    expect(rest.status).toBe(201);
    expect((await client.graphql(LIST)).data.viewer.transactions.edges).toEqual([{ node: { description: 'via REST' } }]);
    await client.graphql(
      `mutation { addTransaction(input: { amount: "1.00", description: "via GraphQL", date: "2026-01-02" }) { transaction { id } } }`,
    );
    expect((await client.graphql(LIST)).data.viewer.transactions.totalCount).toBe(2);
  });

  it('answers a repeated query from what it kept, without reading the data again, and asks afresh with no-cache', async () => {
    const { client, profile } = await signUp(server.base);
    const NAME = `{ viewer { firstName } }`;
    const before = (await client.graphql(NAME)).data.viewer.firstName;
    // Changed behind the app's back: no change event, so only a fresh read can see it.
    await server.app.db.prisma.user.update({ where: { email: profile.email }, data: { firstName: 'Renamed' } });
    expect((await client.graphql(NAME)).data.viewer.firstName).toBe(before);
    const fresh = await client.request('/graphql', {
      method: 'POST',
      json: { query: NAME },
      headers: { 'x-graphql-yoga-csrf': '1', 'cache-control': 'no-cache' },
    });
    expect(((await fresh.json()) as { data: { viewer: { firstName: string } } }).data.viewer.firstName).toBe('Renamed');
  });

  it('runs every mutation, even one repeated word for word', async () => {
    const { client } = await signUp(server.base);
    const add = `mutation { createAccount(input: { name: "Twice", type: cash }) { account { id } } }`;
    const first = await client.graphql(add);
    const second = await client.graphql(add);
    expect(second.data.createAccount.account.id).not.toBe(first.data.createAccount.account.id);
    expect((await client.graphql(`{ viewer { accounts { totalCount } } }`)).data.viewer.accounts.totalCount).toBe(2);
  });

  it("never keeps an answer that depends on the browser asking: each of a user's browsers sees itself as this one", async () => {
    const first = await signUp(server.base);
    const second = await signIn(server.base, first.profile.email, first.profile.password);
    const SESSIONS = `{ viewer { sessions { id current } } }`;
    const current = async (client: typeof first.client) =>
      ((await client.graphql(SESSIONS)).data.viewer.sessions as { id: string; current: boolean }[]).find((s) => s.current)?.id;
    const firstSees = await current(first.client);
    const secondSees = await current(second);
    expect(firstSees).toBeDefined();
    expect(secondSees).toBeDefined();
    expect(secondSees).not.toBe(firstSees);
    expect(await current(first.client)).toBe(firstSees);
    expect(await current(second)).toBe(secondSees);
  });

  it("never answers one user with another user's cached data", async () => {
    const a = await signUp(server.base);
    const b = await signUp(server.base);
    await a.client.request('/api/transactions', { method: 'POST', json: { amount: '5.00', description: 'secret', date: '2026-01-01' } });
    const fromA = await a.client.graphql(LIST);
    const fromB = await b.client.graphql(LIST);
    expect(fromA.data.viewer.email).toBe(a.profile.email);
    expect(fromB.data.viewer).toEqual({ email: b.profile.email, transactions: { totalCount: 0, edges: [] } });
  });

  it("answers each budget's query from that budget's answers: a switch never gets the other budget's", async () => {
    const { client } = await signUp(server.base);
    const created = await client.request('/api/budgets', { method: 'POST', json: { name: 'Household' } });
    expect(created.status).toBe(201);
    const household = ((await created.json()) as { id: string }).id;
    const QUERY = `{ viewer { currentBudget { name } } }`;
    const inBudget = async (budgetId?: string) => {
      const res = await client.request('/graphql', {
        method: 'POST',
        json: { query: QUERY },
        headers: { 'x-graphql-yoga-csrf': '1', ...(budgetId ? { 'x-budget-id': budgetId } : {}) },
      });
      return ((await res.json()) as { data: { viewer: { currentBudget: { name: string } } } }).data.viewer.currentBudget.name;
    };
    expect(await inBudget()).toBe('Personal');
    expect(await inBudget(household)).toBe('Household');
    expect(await inBudget()).toBe('Personal');
    expect(await inBudget(household)).toBe('Household');
  });
});
