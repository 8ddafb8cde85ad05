import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type HttpClient } from '../../test/sign-in.ts';
import { startTestServer } from '../../test/test-server.ts';
import { testDatabaseKind } from '../../test/test-database.ts';

// The import routes and mutations carry a file (docs/product.md#import): bodies past 1 MB for them
// alone, read only once the request is known to be signed in and free to run; one import of a
// user at a time (docs/security.md#one-import-at-a-time).
let server: Awaited<ReturnType<typeof startTestServer>>;
/** Another process over the same database (PostgreSQL only: the embedded database serves one). */
let other: Awaited<ReturnType<typeof startTestServer>>;
let client: HttpClient;
beforeAll(async () => {
  server = await startTestServer();
  other = testDatabaseKind() === 'postgres' ? await startTestServer({ shareDatabase: server.app.db }) : server;
  client = (await signUp(server.base)).client;
});
afterAll(async () => {
  if (other !== server) await other?.close();
  await server?.close();
});

const csv = (rows: number) =>
  `Date,Description,Amount\n${Array.from(
    { length: rows },
    (_, i) => `2024-01-${String((i % 28) + 1).padStart(2, '0')},Shop number ${i},-${(i % 500) + 1}.25`,
  ).join('\n')}\n`;
const content = csv(40_000);

/**
 * A POST that announces `length` bytes and sends only the first 64 KB of them: the answer the
 * server gives without the rest (status, headers, body), or null when it waits for the rest.
 */
function postWithoutBody(base: string, path: string, length: number, headers: Record<string, string>, waitMs: number) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any } | null>((resolve, reject) => {
    const req = http.request(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(length), ...headers },
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve(null);
    }, waitMs);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) });
      });
    });
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    req.write(`{"fileName":"big.csv","content":"${'a'.repeat(64 * 1024)}`);
  });
}

describe('GraphQL body limits for an import', () => {
  it('previews a file of more than 1 MB, and refuses as large a body for anything else', async () => {
    expect(content.length).toBeGreaterThan(1_100_000);
    const preview = await client.graphql(
      'mutation($input: PreviewImportInput!) { previewImport(input: $input) { format rows { index } } }',
      { input: { fileName: 'big.csv', content } },
    );
    expect(preview.errors).toBeUndefined();
    expect(preview.data.previewImport.rows).toHaveLength(40_000);
    const other = await client.graphql('mutation($n: String!) { addBudgetCategory(input: { name: $n, type: bills }) { __typename } }', {
      n: content,
    });
    expect(other.status).toBe(413);
    expect(other.errors?.[0]?.message).toBe('Request body too large: 1 MB at most');
    const mixed = await client.graphql(
      'mutation($input: PreviewImportInput!) { previewImport(input: $input) { format } addBudgetCategory(input: { name: "x", type: bills }) { __typename } }',
      { input: { fileName: 'big.csv', content } },
    );
    expect(mixed.status).toBe(413);
  });
});

describe('signed out, a large body is never read', () => {
  it('answers 401 to a 16 MB import before the client has sent more than its first 64 KB (REST and GraphQL)', async () => {
    const length = 16 * 1024 * 1024 - 1024;
    for (const path of ['/api/imports/preview', '/api/imports']) {
      const answer = await postWithoutBody(server.base, path, length, {}, 10_000);
      expect(answer, path).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    }
    const graphql = await postWithoutBody(server.base, '/graphql', length, { 'x-graphql-yoga-csrf': '1' }, 10_000);
    expect(graphql).toMatchObject({
      status: 401,
      body: { errors: [{ message: 'Unauthorized', extensions: { code: 'UNAUTHENTICATED' } }] },
    });
  });
});

describe('one import at a time', () => {
  it('refuses a second preview while one runs (429, Retry-After), from any process, then takes the next', async () => {
    const cookie = await client.jar.getCookieString(server.base);
    const busy = { message: 'You already have an import running. Try again when it has finished.' };
    let running = true;
    const first = client
      .request('/api/imports/preview', { method: 'POST', json: { fileName: 'first.csv', content: csv(100_000) } })
      .finally(() => (running = false));
    // A probe announces a body it never sends: it is refused before its body while the first runs,
    // and otherwise waits for the body (it never takes a turn, so it cannot hold up the first).
    let refused: Awaited<ReturnType<typeof postWithoutBody>> = null;
    while (running && !refused) refused = await postWithoutBody(other.base, '/api/imports/preview', 100_000, { cookie }, 200);
    expect(refused).toMatchObject({ status: 429, headers: { 'retry-after': '5' }, body: busy });
    // Whole requests, by REST and GraphQL, are refused too while the first still runs.
    const small = { fileName: 'second.csv', content: csv(3) };
    const [rest, graphql] = await Promise.all([
      fetch(`${other.base}/api/imports`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(small),
      }),
      fetch(`${other.base}/graphql`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' },
        body: JSON.stringify({
          query: 'mutation($input: PreviewImportInput!) { previewImport(input: $input) { format } }',
          variables: { input: small },
        }),
      }),
    ]);
    expect(running).toBe(true);
    expect([rest.status, rest.headers.get('retry-after'), await rest.json()]).toEqual([429, '5', busy]);
    expect([graphql.status, graphql.headers.get('retry-after')]).toEqual([429, '5']);
    expect((await graphql.json()).errors).toMatchObject([{ message: busy.message, extensions: { code: 'TOO_MANY_REQUESTS' } }]);
    expect((await first).status).toBe(200);
    // Once it has answered, the next one runs.
    const next = await client.request('/api/imports', { method: 'POST', json: small });
    expect(next.status).toBe(201);
  });
});
