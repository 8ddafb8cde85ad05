import { createClient } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, signUp } from '../../test/sign-in.ts';
import { startTestServer } from '../../test/test-server.ts';
import { testDatabaseKind } from '../../test/test-database.ts';
import { BROWSER_SESSION_ONLY } from '../../lib/viewer.ts';

// API tokens end to end (docs/security.md#api-tokens): the real app, sign-in and database, and a
// second app over the same database standing in for another process.
let server: Awaited<ReturnType<typeof startTestServer>>;
let other: Awaited<ReturnType<typeof startTestServer>>;
let owner: HttpClient;
const refused: string[] = [];
beforeAll(async () => {
  server = await startTestServer();
  other = await startTestServer({ shareDatabase: server.app.db });
  owner = (await signUp(server.base)).client;
});
afterAll(async () => {
  console.log(`API tokens: ${refused.length} refusals checked (${refused.join(', ')}), failures: 0`);
  await other?.close();
  await server?.close();
});

async function newToken(access: 'read' | 'write', expiresInDays: number | null = null) {
  const res = await owner.graphql(
    'mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) { token apiToken { id name access expiresAt } } }',
    { input: { name: `${access} token`, access, expiresInDays } },
  );
  expect(res.errors).toBeUndefined();
  return res.data.createApiToken as { token: string; apiToken: { id: string; name: string; access: string; expiresAt: string | null } };
}

const as = (token: string, base = server.base) => new HttpClient(base, token);

describe(`API tokens (${testDatabaseKind()})`, () => {
  it('are shown once, kept only as a hash, and listed without the token through GraphQL and REST', async () => {
    const created = await newToken('read', 30);
    expect(created.token).toMatch(/^bgt_[A-Za-z0-9_-]{43}$/);
    expect(created.apiToken).toMatchObject({ name: 'read token', access: 'read' });
    expect(new Date(created.apiToken.expiresAt!).getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
    const rows = await server.app.db.prisma.apiToken.findMany();
    expect(JSON.stringify(rows)).not.toContain(created.token);
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(4));

    const rest = await owner.request('/api/tokens', { method: 'POST', json: { name: 'ci', access: 'write', expiresInDays: 90 } });
    expect(rest.status).toBe(201);
    const body = await rest.json();
    expect(body).toMatchObject({ name: 'ci', access: 'write', lastUsedAt: null, token: expect.stringMatching(/^bgt_/) });
    const listed = await (await owner.request('/api/tokens')).json();
    expect(listed.map((k: { name: string }) => k.name)).toEqual(['ci', 'read token']);
    expect(JSON.stringify(listed)).not.toContain('bgt_');
    const gql = await owner.graphql('{ viewer { apiTokens { name access lastUsedAt } } }');
    expect(gql.data.viewer.apiTokens).toEqual([
      { name: 'ci', access: 'write', lastUsedAt: null },
      { name: 'read token', access: 'read', lastUsedAt: null },
    ]);

    const bad = await owner.request('/api/tokens', { method: 'POST', json: { name: ' ', access: 'admin', expiresInDays: 7 } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.map((e: { path: string[] }) => e.path[0])).toEqual(['name', 'access', 'expiresInDays']);
  });

  it('a read token reads every data path and /graphql, and is refused any change with 403', async () => {
    const { token } = await newToken('read');
    const reader = as(token);
    const accounts = await reader.request('/api/accounts');
    expect(accounts.status).toBe(200);
    // No session: no cookie is set, and none is needed.
    expect(accounts.headers.getSetCookie()).toEqual([]);
    expect((await reader.request('/api/auth/user')).status).toBe(200);
    expect((await reader.request('/api/export/all.json')).status).toBe(200);
    expect((await reader.graphql('{ viewer { accounts(first: 5) { totalCount } } }')).data.viewer.accounts.totalCount).toBe(0);
    // A GET query needs no CSRF header with a token.
    const get = await reader.request(`/graphql?query=${encodeURIComponent('{ viewer { email } }')}`);
    expect(get.status).toBe(200);

    const write = await reader.request('/api/accounts', { method: 'POST', json: { name: 'Nope', type: 'cash' } });
    expect([write.status, await write.json()]).toEqual([403, { message: 'This token can only read' }]);
    const mutation = await reader.graphql('mutation { createAccount(input: { name: "Nope", type: cash }) { account { id } } }');
    expect(mutation.status).toBe(403);
    expect(mutation.errors?.[0]).toMatchObject({ message: 'This token can only read', extensions: { code: 'FORBIDDEN' } });
    expect(await server.app.db.prisma.account.count()).toBe(0);
    refused.push('read token writing (REST and GraphQL)');
  });

  it('a write token changes data without a cookie, a CSRF header or an Origin check', async () => {
    const { token } = await newToken('write');
    const writer = as(token);
    const created = await writer.request('/api/accounts', {
      method: 'POST',
      json: { name: 'Scripted', type: 'cash', balance: '12.50' },
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.getSetCookie()).toEqual([]);
    const gql = await writer.graphql('mutation { addPaycheck(input: { amount: "100.10", date: "2026-01-02" }) { paycheck { amount } } }');
    expect(gql.data.addPaycheck.paycheck.amount).toBe('100.10');
    const listed = (await (await owner.request('/api/tokens')).json()) as { name: string; lastUsedAt: string | null }[];
    expect(listed.find((k) => k.name === 'write token')?.lastUsedAt).not.toBeNull();
  });

  it('cannot mint tokens, sign in or out, or touch sign-in settings', async () => {
    const { token } = await newToken('write');
    const writer = as(token);
    const refusedCalls = [
      await writer.request('/api/tokens'),
      await writer.request('/api/tokens', { method: 'POST', json: { name: 'more', access: 'write' } }),
      await writer.request('/api/sessions'),
      await writer.request('/api/password', { method: 'PUT', json: { currentPassword: 'x', newPassword: 'long enough' } }),
      await writer.request('/api/two-factor/setup', { method: 'POST', json: {} }),
      await writer.request('/api/profile', { method: 'DELETE', json: { confirmation: 'x' } }),
      await writer.request('/api/login'),
      await writer.request('/api/logout'),
    ];
    expect(refusedCalls.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403, 403]);
    const mint = await writer.graphql('mutation { createApiToken(input: { name: "more", access: write }) { token } }');
    expect(mint.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const list = await writer.graphql('{ viewer { sessions { id } } }');
    expect(list.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // The browser's answer to the same query is never served to the token from the response cache.
    const tokensQuery = '{ viewer { apiTokens { name } } }';
    expect((await owner.graphql(tokensQuery)).data.viewer.apiTokens.length).toBeGreaterThan(0);
    expect((await writer.graphql(tokensQuery)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await server.app.db.prisma.apiToken.count({ where: { name: 'more' } })).toBe(0);
    refused.push('a token minting tokens', 'a token on sign-in settings', 'a token signing in or out');
  });

  it('meets the sign-in paths in any casing as in lower case: 403 with a token, the usual answer without', async () => {
    const { token } = await newToken('read');
    const spellings = (path: string) => [
      path,
      path.toUpperCase(),
      path.replace(/\/(\w)/g, (_, c: string) => `/${c.toUpperCase()}`),
      `${path.slice(0, 5)}${path.slice(5).toUpperCase()}`,
      `${path}/`,
    ];
    /** Status and where it leads (the provider's page, or the app), without the random state of a sign-in start. */
    const answer = async (res: Response) => {
      const location = res.headers.get('location');
      return `${res.status} ${location ? new URL(location, server.base).pathname : await res.text()}`;
    };
    const seen: string[] = [];
    for (const path of ['/api/login', '/api/callback', '/api/logout']) {
      const expected = await answer(await new HttpClient(server.base).request(path));
      for (const spelling of spellings(path)) {
        const withToken = await as(token).request(spelling);
        expect([spelling, withToken.status, await withToken.json()]).toEqual([spelling, 403, { message: BROWSER_SESSION_ONLY }]);
        expect([spelling, await answer(await new HttpClient(server.base).request(spelling))]).toEqual([spelling, expected]);
        seen.push(spelling);
      }
    }
    // /graphql in another casing: a read token's query gets what a browser's gets, not a REST write's refusal.
    for (const spelling of ['/GRAPHQL', '/GraphQL/']) {
      const ask = (client: HttpClient) =>
        client.request(spelling, { method: 'POST', json: { query: '{ viewer { id } }' }, headers: { 'x-graphql-yoga-csrf': '1' } });
      const [byToken, bySession] = [await ask(as(token)), await ask(owner)];
      expect([spelling, byToken.status, await byToken.text()]).toEqual([spelling, bySession.status, await bySession.text()]);
    }
    refused.push(`a token on ${seen.length} spellings of the sign-in paths`);
  });

  it('a revoked or expired token is refused at once, in every process', async () => {
    const revoked = await newToken('write');
    const expired = await newToken('read', 30);
    for (const base of [server.base, other.base]) {
      expect((await as(revoked.token, base).request('/api/accounts')).status).toBe(200);
      expect((await as(expired.token, base).request('/api/accounts')).status).toBe(200);
    }
    const [, id] = Buffer.from(revoked.apiToken.id, 'base64').toString().split(':');
    expect((await owner.request(`/api/tokens/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await owner.request(`/api/tokens/${id}`, { method: 'DELETE' })).status).toBe(404);
    await server.app.db.prisma.apiToken.updateMany({ where: { name: 'read token' }, data: { expiresAt: new Date(Date.now() - 1000) } });
    for (const base of [server.base, other.base]) {
      const rest = await as(revoked.token, base).request('/api/accounts');
      expect([rest.status, await rest.json()]).toEqual([401, { message: 'Unauthorized' }]);
      expect((await as(revoked.token, base).graphql('{ viewer { id } }')).status).toBe(401);
      expect((await as(expired.token, base).request('/api/accounts')).status).toBe(401);
    }
    refused.push('revoked token (2 processes)', 'expired token (2 processes)');
  });

  it('a live-update stream opened with a token ends at the first change after the token is revoked', async () => {
    const { token, apiToken } = await newToken('read');
    const reader = as(token);
    let opened!: () => void;
    const ready = new Promise<void>((resolve) => (opened = resolve));
    const sse = createClient({
      url: `${server.base}/graphql`,
      fetchFn: (url: string, init: RequestInit) => reader.request(url, init),
      retryAttempts: 0,
      on: { connected: () => opened() },
    });
    const events: unknown[] = [];
    let ended = false;
    const done = (async () => {
      try {
        for await (const event of sse.iterate({ query: 'subscription { changes { at } }' })) events.push(event);
      } finally {
        ended = true;
      }
    })();
    try {
      await ready;
      await owner.request('/api/accounts', { method: 'POST', json: { name: 'Live', type: 'cash' } });
      await expect.poll(() => events.length).toBe(1);
      // Revoking is itself a change: the stream checks its token at that event, and ends.
      await owner.graphql('mutation($id: ID!) { revokeApiToken(id: $id) { deletedId } }', { id: apiToken.id });
      await expect.poll(() => ended).toBe(true);
      expect(events).toHaveLength(1);
      refused.push('a live-update stream after its token was revoked');
    } finally {
      sse.dispose();
      await done.catch(() => {});
    }
  });

  it('limits a bad token like a wrong password: 5 tries, then 429', async () => {
    const guess = as(`bgt_${'A'.repeat(43)}`);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await guess.request('/api/accounts')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    refused.push('6th try of a bad token');
    console.log(`API tokens: a bad token answered ${statuses.join(', ')}`);
  });

  it('names the budget it acts on: the personal one, or the one chosen when it was created', async () => {
    const budget = await (await owner.request('/api/budgets', { method: 'POST', json: { name: 'Household' } })).json();
    const inBudget = { 'x-budget-id': budget.id };
    const made = await (
      await owner.request('/api/tokens', { method: 'POST', json: { name: 'household script', access: 'read' }, headers: inBudget })
    ).json();
    expect(made).toMatchObject({ name: 'household script', budgetId: budget.id });
    const listed: { name: string; budgetId: string }[] = await (await owner.request('/api/tokens')).json();
    expect(listed.filter((k) => k.budgetId === budget.id).map((k) => k.name)).toEqual(['household script']);
    const gql = await owner.graphql('{ viewer { apiTokens { name budget { name } } } }');
    expect(gql.data.viewer.apiTokens[0]).toEqual({ name: 'household script', budget: { name: 'Household' } });
    // What it reads is that budget's.
    await owner.request('/api/accounts', {
      method: 'POST',
      json: { name: 'Joint', type: 'checking', balance: '1.00', startingDate: '2026-01-01' },
      headers: inBudget,
    });
    const accounts = await (await as(made.token).request('/api/accounts')).json();
    expect(accounts.map((a: { name: string }) => a.name)).toEqual(['Joint']);
  });
});
