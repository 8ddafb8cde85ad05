import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpClient, signUp } from '../test/sign-in.ts';
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
      client.request('/api/accounts', {
        method: 'POST',
        body: JSON.stringify({ name: 'csrf', type: 'cash' }),
        headers: { 'content-type': 'text/plain' },
      }),
      client.request('/api/accounts', {
        method: 'POST',
        json: { name: 'csrf', type: 'cash' },
        headers: { origin: 'https://evil.example' },
      }),
      client.request('/api/accounts/some-id', { method: 'DELETE', headers: { origin: 'https://evil.example' } }),
    ];
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    // A cross-site JSON POST (to GraphQL or REST) is preceded by a preflight, which gets no CORS grant.
    const preflight = {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    };
    const preflights = await Promise.all([client.request('/graphql', preflight), client.request('/api/accounts', preflight)]);
    console.log(
      `CSRF: ${statuses.length} cross-site attempts, statuses ${statuses.join(' ')}; ${preflights.length} cross-site preflights, CORS grants: ${preflights.filter((r) => r.headers.has('access-control-allow-origin')).length}`,
    );
    expect(statuses.every((s) => s >= 400)).toBe(true);
    expect(preflights.every((r) => !r.headers.has('access-control-allow-origin'))).toBe(true);
    expect(await count()).toBe(before);
  });

  it('accepts the app itself and a plain curl with the cookie and a JSON body', async () => {
    const before = await count();
    expect((await client.request('/api/accounts', { method: 'POST', json: { name: 'curl', type: 'cash' } })).status).toBe(201);
    expect(
      (
        await client.request('/api/accounts', {
          method: 'POST',
          json: { name: 'same site', type: 'cash' },
          headers: { origin: server.base },
        })
      ).status,
    ).toBe(201);
    expect((await client.graphql(MUTATION)).data).toBeTruthy();
    // GraphQL asks for its header only where a browser would send the request cross-site without a
    // preflight (GET, forms, text/plain): a JSON POST needs no header (cross-site it needs a preflight).
    const json = await client.request('/graphql', { method: 'POST', json: { query: MUTATION } });
    expect(((await json.json()) as { data?: unknown }).data).toBeTruthy();
    expect(await count()).toBe(before + 4);
  });
});

describe('cross-site requests of a session', () => {
  it('refuses a GraphQL operation sent from another origin, as REST does; a token is unaffected', async () => {
    const before = await count();
    const foreign = { 'x-graphql-yoga-csrf': '1', origin: 'https://evil.example' };
    const write = await client.request('/graphql', { method: 'POST', json: { query: MUTATION }, headers: foreign });
    expect([write.status, await write.json()]).toEqual([
      403,
      { errors: [{ message: 'Cross-site request refused', extensions: { code: 'FORBIDDEN' } }] },
    ]);
    const sandboxed = await client.request('/graphql', { method: 'POST', json: { query: MUTATION }, headers: { origin: 'null' } });
    expect(sandboxed.status).toBe(403);
    expect(await count()).toBe(before);
    // Its own origin is the app's.
    const own = await client.request('/graphql', { method: 'POST', json: { query: MUTATION }, headers: { origin: server.base } });
    expect(((await own.json()) as { data?: unknown }).data).toBeTruthy();
    // A token is no cookie: a page elsewhere cannot make a browser send it, so its Origin does not matter.
    const token = ((await client.graphql('mutation { createApiToken(input: { name: "csrf", access: write }) { token } }')).data as any)
      .createApiToken.token as string;
    const scripted = await new HttpClient(server.base, token).request('/graphql', {
      method: 'POST',
      json: { query: MUTATION },
      headers: foreign,
    });
    expect(((await scripted.json()) as { data?: unknown }).data).toBeTruthy();
    expect(await count()).toBe(before + 2);
  });

  it('asks before signing out when another site links to /api/logout; the app’s own Sign Out signs out at once', async () => {
    const { client: user } = await signUp(server.base);
    const signedIn = async () => (await user.request('/api/auth/user')).status === 200;
    // A link, an image or a form on another site: the browser says so, or names the other site.
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' } as Record<string, string>,
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' },
      { referer: 'https://evil.example/page' },
      { origin: 'https://evil.example' },
    ]) {
      const res = await user.request('/api/logout', { headers });
      const page = await res.text();
      expect([
        res.status,
        page.includes('<h1>Sign out of Budget?</h1>'),
        page.includes('<form method="post" action="/api/logout">'),
      ]).toEqual([200, true, true]);
      expect(await signedIn()).toBe(true);
    }
    const posted = await user.request('/api/logout', { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(posted.status).toBe(403);
    expect(await signedIn()).toBe(true);
    // The confirm page's form, sent from this site, signs out.
    const confirmed = await user.request('/api/logout', {
      method: 'POST',
      headers: { origin: server.base, 'sec-fetch-site': 'same-origin' },
    });
    expect([confirmed.status, confirmed.headers.get('location')]).toEqual([302, '/']);
    expect(await signedIn()).toBe(false);

    // The app's own Sign Out (a same-origin link), a typed address, and a script: at once.
    const own: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', referer: `${server.base}/settings` },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of own) {
      const { client: other } = await signUp(server.base);
      const res = await other.request('/api/logout', { headers });
      expect([res.status, res.headers.get('location'), (await other.request('/api/auth/user')).status]).toEqual([302, '/', 401]);
    }
  });
});

describe('query abuse and error masking', () => {
  it('refuses batched queries', async () => {
    const res = await client.request('/graphql', {
      method: 'POST',
      json: [{ query: '{ viewer { id } }' }, { query: '{ viewer { id } }' }],
      headers: { 'x-graphql-yoga-csrf': '1' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
  });

  it('masks unexpected errors in production: no message, no stack', async () => {
    const broken = await startTestServer();
    try {
      const { client: c } = await signUp(broken.base);
      await broken.app.db.prisma.$executeRawUnsafe('ALTER TABLE accounts RENAME TO accounts_gone');
      const res = await c.graphql('{ viewer { accounts { totalCount } } }');
      expect(res.errors).toEqual([
        {
          message: 'Unexpected error.',
          locations: expect.any(Array),
          path: expect.any(Array),
          extensions: { code: 'INTERNAL_SERVER_ERROR' },
        },
      ]);
      expect(JSON.stringify(res)).not.toMatch(/accounts_gone|relation|stack|at /);
      const rest = await c.request('/api/accounts');
      expect(rest.status).toBe(500);
      expect(await rest.json()).toEqual({ message: 'Internal Server Error' });
    } finally {
      await broken.close();
    }
  });
});

describe('request bounds', () => {
  it('refuses deeply nested variables with a 400 before any work, signed in or out, and bodies over 1 MB', async () => {
    const logged = vi.spyOn(console, 'error');
    const deep = (n: number) => `{"query":"{ viewer { id } }","variables":{"a":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}}`;
    const post = (c: HttpClient, body: string) =>
      c.request('/graphql', { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' } });
    const refused: string[] = [];
    for (const [who, c] of [
      ['signed in', client],
      ['signed out', new HttpClient(server.base)],
    ] as const) {
      const res = await post(c, deep(5000));
      expect(res.status, who).toBe(400);
      expect(await res.json()).toEqual({
        errors: [{ message: 'Variables are nested too deeply', extensions: { code: 'BAD_USER_INPUT' } }],
      });
      refused.push(`5,000 deep (${who})`);
    }
    // Nesting as deep as the schema's inputs allow is fine.
    expect((await post(client, deep(8))).status).toBe(200);
    // Wide or long variables are bounded by the body limit, as REST's bodies are.
    const huge = await post(client, JSON.stringify({ query: '{ viewer { id } }', variables: { a: 'x'.repeat(2_000_000) } }));
    expect(huge.status).toBe(413);
    const wide = await post(
      client,
      JSON.stringify({ query: '{ viewer { id } }', variables: { a: Array.from({ length: 300_000 }, (_, i) => i) } }),
    );
    expect(wide.status).toBe(413);
    const stream = new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode('{"query":"{ viewer { id } }"}')), c.close()) });
    const chunked = await client.request('/graphql', {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: { 'content-type': 'application/json' },
    } as RequestInit);
    expect(chunked.status).toBe(411);
    refused.push('2 MB string', '300,000-item list', 'body of unstated length');
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
    console.log(`nested variables: ${refused.length} abusive requests refused (${refused.join(', ')}), errors logged: 0`);
  });
});

describe('caching', () => {
  it('marks every API, GraphQL and export answer Cache-Control: no-store', async () => {
    await client.request('/api/transactions', { method: 'POST', json: { amount: '1.00', description: 'no-store', date: '2026-01-01' } });
    const anonymous = new HttpClient(server.base);
    const answers = {
      'GET /api/accounts': await client.request('/api/accounts'),
      'GET /api/transactions': await client.request('/api/transactions'),
      'GET /api/export/transactions.csv': await client.request('/api/export/transactions.csv'),
      'GET /api/export/report.html': await client.request('/api/export/report.html?period=year'),
      'POST /api/accounts': await client.request('/api/accounts', { method: 'POST', json: { name: 'no-store', type: 'cash' } }),
      'GET /api/auth/user': await client.request('/api/auth/user'),
      'POST /graphql': await client.request('/graphql', { method: 'POST', json: { query: '{ viewer { id } }' } }),
      'GET /api/unknown': await client.request('/api/unknown'),
      'GET /api/accounts (signed out)': await anonymous.request('/api/accounts'),
      'GET /api/login': await anonymous.request('/api/login'),
    };
    const problems = Object.entries(answers)
      .filter(([, res]) => res.headers.get('cache-control') !== 'no-store')
      .map(([name, res]) => `${name}: ${res.status} ${res.headers.get('cache-control')}`);
    console.log(
      `no-store: ${Object.keys(answers).length} API, GraphQL and export answers (statuses ${Object.values(answers)
        .map((r) => r.status)
        .join(' ')}); without no-store: ${problems.length}`,
    );
    expect(problems).toEqual([]);
    expect(answers['GET /api/export/transactions.csv'].status).toBe(200);
    expect(answers['GET /api/export/report.html'].status).toBe(200);
  });
});
