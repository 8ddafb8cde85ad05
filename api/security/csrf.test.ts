import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type HttpClient } from '../test/sign-in.ts';
import { startTestServer } from '../test/test-server.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let client: HttpClient;
beforeAll(async () => {
  server = await startTestServer();
  client = (await signUp(server.base)).client;
});
afterAll(() => server?.close());

const count = () => server.app.db.prisma.account.count();
const MUTATION = 'mutation { createAccount(input: { name: "csrf", type: cash }) { account { id } } }';

describe('CSRF', () => {
  it('refuses what a cross-site page can send: forms, text/plain, GET mutations, foreign origins', async () => {
    const before = await count();
    const attempts = [
      // A cross-site HTML form posting to GraphQL (no CSRF header possible).
      client.request('/graphql', { method: 'POST', form: { query: MUTATION }, headers: { origin: 'https://evil.example' } }),
      client.request('/graphql', { method: 'POST', body: JSON.stringify({ query: MUTATION }), headers: { 'content-type': 'text/plain' } }),
      client.request(`/graphql?query=${encodeURIComponent(MUTATION)}`, { headers: { 'x-graphql-yoga-csrf': '1' } }),
      client.request(`/graphql?query=${encodeURIComponent(MUTATION)}`),
      // REST: forms, text/plain, and JSON from a foreign origin.
      client.request('/api/accounts', { method: 'POST', form: { name: 'csrf', type: 'cash' } }),
      client.request('/api/accounts', { method: 'POST', body: JSON.stringify({ name: 'csrf', type: 'cash' }), headers: { 'content-type': 'text/plain' } }),
      client.request('/api/accounts', { method: 'POST', json: { name: 'csrf', type: 'cash' }, headers: { origin: 'https://evil.example' } }),
      client.request('/api/accounts/some-id', { method: 'DELETE', headers: { origin: 'https://evil.example' } }),
    ];
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    console.log(`CSRF: ${statuses.length} cross-site attempts, statuses ${statuses.join(' ')}`);
    expect(statuses.every((s) => s >= 400)).toBe(true);
    expect(await count()).toBe(before);
  });

  it('accepts the app itself and a plain curl with the cookie and a JSON body', async () => {
    const before = await count();
    expect((await client.request('/api/accounts', { method: 'POST', json: { name: 'curl', type: 'cash' } })).status).toBe(201);
    expect((await client.request('/api/accounts', { method: 'POST', json: { name: 'same site', type: 'cash' }, headers: { origin: server.base } })).status).toBe(201);
    expect((await client.graphql(MUTATION)).data).toBeTruthy();
    expect(await count()).toBe(before + 3);
  });
});

describe('query abuse and error masking', () => {
  it('refuses batched queries', async () => {
    const res = await client.request('/graphql', { method: 'POST', json: [{ query: '{ viewer { id } }' }, { query: '{ viewer { id } }' }], headers: { 'x-graphql-yoga-csrf': '1' } });
    expect(res.status).toBeGreaterThanOrEqual(400);
  });

  it('masks unexpected errors in production: no message, no stack', async () => {
    const broken = await startTestServer();
    try {
      const { client: c } = await signUp(broken.base);
      await broken.app.db.prisma.$executeRawUnsafe('ALTER TABLE accounts RENAME TO accounts_gone');
      const res = await c.graphql('{ viewer { accounts { totalCount } } }');
      expect(res.errors).toEqual([{ message: 'Unexpected error.', locations: expect.any(Array), path: expect.any(Array), extensions: { code: 'INTERNAL_SERVER_ERROR' } }]);
      expect(JSON.stringify(res)).not.toMatch(/accounts_gone|relation|stack|at /);
      const rest = await c.request('/api/accounts');
      expect(rest.status).toBe(500);
      expect(await rest.json()).toEqual({ message: 'Internal Server Error' });
    } finally {
      await broken.close();
    }
  });
});
