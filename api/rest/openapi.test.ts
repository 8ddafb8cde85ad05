import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { HttpClient, signUp } from '../test/sign-in.ts';
import { startTestServer } from '../test/test-server.ts';
import { createOneOfEverything, restRoutes } from '../security/sweep-helpers.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let client: HttpClient;
let doc: any;
beforeAll(async () => {
  server = await startTestServer();
  client = (await signUp(server.base)).client;
  await createOneOfEverything(client);
  const res = await fetch(`${server.base}/api/openapi.json`);
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(() => server?.close());

const RETRY_AFTER = { 'Retry-After': { schema: { type: 'integer' } } };
/** The statuses an operation documents, in order (integer keys come sorted). */
const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses);

// Sign-in redirects, the session and this document are not routes of the facade's tables.
const NOT_OPERATIONS = [
  'GET /api/login',
  'GET /api/callback',
  'GET /api/logout',
  'POST /api/logout',
  'GET /api/auth/user',
  'GET /api/openapi.json',
];

describe('GET /api/openapi.json', () => {
  it('describes exactly the routes the app serves under /api', () => {
    // Both come from the route tables; this catches a route mounted beside them.
    const served = restRoutes(server.app.app)
      .map((r) => `${r.method} ${r.path}`)
      .filter((r) => !NOT_OPERATIONS.includes(r));
    const documented = Object.entries(doc.paths as Record<string, object>)
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} /api${path.replace(/\{(\w+)\}/g, ':$1')}`),
      )
      .filter((r) => !NOT_OPERATIONS.includes(r));
    expect(served.length).toBeGreaterThan(0);
    expect([...served].sort()).toEqual(documented.sort());
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/accounts/{id}');
  });

  it('takes its request bodies from the domain schemas, messages and limits included', () => {
    const body = doc.paths['/accounts'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['name', 'type']);
    expect(body.properties.type.enum).toEqual(['checking', 'savings', 'credit', 'cash', 'investment']);
    expect(body.properties.name.maxLength).toBe(100);
    expect(body.additionalProperties).toBe(false);
    const bulk = doc.paths['/budget-categories/bulk'].put.requestBody.content['application/json'].schema;
    expect(bulk.type).toBe('array');
    expect(bulk.items.properties.allocatedPercentage).toMatchObject({ minimum: 0, maximum: 100 });
  });

  it('every list the facade answers matches its documented schema', async () => {
    const ajv = new Ajv2020({ strict: false, formats: { date: /^\d{4}-\d{2}-\d{2}$/, 'date-time': /^\d{4}-\d{2}-\d{2}T/ } });
    ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
    const schemaOf = (path: string) =>
      JSON.parse(
        JSON.stringify(doc.paths[path].get.responses['200'].content['application/json'].schema).replaceAll(
          '"#/components',
          '"doc#/components',
        ),
      );
    const lists = [
      '/accounts',
      '/paychecks',
      '/budget-categories',
      '/transactions',
      '/recurring-bills',
      '/recurring-bills/upcoming',
      '/bill-payments',
      '/savings-goals',
      '/goal-contributions',
    ];
    for (const path of lists) {
      const res = await client.request(`/api${path}`);
      const body = await res.json();
      const validate = ajv.compile(schemaOf(path));
      expect(validate(body), `${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
      if (path !== '/recurring-bills/upcoming') expect(body.length, path).toBeGreaterThan(0);
    }
    // A record that breaks the documented shape fails the check: the check can fail.
    const account = (await (await client.request('/api/accounts')).json())[0];
    expect(ajv.compile(schemaOf('/accounts'))([{ ...account, balance: 10 }])).toBe(false);
  });

  it('documents the error answers and the session cookie as they are', async () => {
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(doc.components.schemas.Error);
    const invalid = await client.request('/api/accounts', { method: 'POST', json: { name: '', type: 'cash' } });
    expect(invalid.status).toBe(400);
    const invalidBody = await invalid.json();
    expect(invalidBody).toEqual({ message: 'Name is required', errors: [{ path: ['name'], message: 'Name is required' }] });
    expect(validate(invalidBody)).toBe(true);
    const missing = await client.request('/api/accounts/nope', { method: 'DELETE' });
    expect([missing.status, await missing.json()]).toEqual([404, { message: 'Not found' }]);
    const deleteAccount = doc.paths['/accounts/{id}'].delete.responses;
    expect(statuses('/accounts/{id}', 'delete')).toEqual(['204', '401', '403', '404', '503']);
    expect(deleteAccount['404'].description).toBe('Not found (an unknown id, or another user’s)');
    expect(deleteAccount['503'].headers).toEqual(RETRY_AFTER);
    expect(doc.components.securitySchemes.session).toEqual({ type: 'apiKey', in: 'cookie', name: 'budget.sid' });
    expect((await client.jar.getCookies(server.base)).map((c) => c.key)).toContain('budget.sid');
  });

  it("documents Settings' answers, the bearer scheme, and which operations take a browser session only", async () => {
    await client.request('/api/tokens', { method: 'POST', json: { name: 'doc', access: 'read' } });
    const ajv = new Ajv2020({ strict: false, formats: { 'date-time': /^\d{4}-\d{2}-\d{2}T/ } });
    for (const path of ['/profile', '/tokens', '/sessions']) {
      const body = await (await client.request(`/api${path}`)).json();
      const validate = ajv.compile(doc.paths[path].get.responses['200'].content['application/json'].schema);
      expect(validate(body), `${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }, { session: [] }]);
    expect(doc.paths['/tokens'].post.security).toEqual([{ session: [] }]);
    // Creating a token may ask for the password (docs/security.md#confirming-who-is-asking), counted like sign-ins.
    expect(statuses('/tokens', 'post')).toEqual(['201', '400', '401', '403', '404', '429', '503']);
    expect(doc.paths['/tokens'].post.responses['429'].headers).toEqual(RETRY_AFTER);
    expect(doc.paths['/tokens'].post.responses['403'].description).toMatch(
      /^Asked with an API token: only a browser session may do this; .*`Confirm your password to do this`/,
    );
    expect(statuses('/tokens/{id}', 'delete')).toEqual(['204', '401', '403', '404', '503']);
    expect(doc.paths['/accounts'].get.security).toBeUndefined();
    expect(doc.paths['/accounts'].post.responses['403'].description).toContain('This token can only read');
    expect(statuses('/password', 'put')).toEqual(['200', '400', '401', '403', '404', '429', '503']);
    expect(doc.paths['/password'].put.responses['429'].headers).toEqual(RETRY_AFTER);
    expect(Object.keys(doc.paths['/export/all.json'].get.responses['200'].content)).toEqual(['application/json']);
  });

  it('every other JSON answer matches its documented schema, which names every field it has', async () => {
    const ajv = new Ajv2020({ strict: false, formats: { date: /^\d{4}-\d{2}-\d{2}$/, 'date-time': /^\d{4}-\d{2}-\d{2}T/ } });
    const account = (await (await client.request('/api/accounts')).json())[0];
    const file = { fileName: 'bank.csv', content: 'Date,Description,Amount\n2026-01-05,Coffee,-4.50\n2026-01-06,Salary,100.00\n' };
    const answers: [method: 'get' | 'post', path: string, url: string, body?: unknown][] = [
      ['get', '/auth/user', '/api/auth/user'],
      ['get', '/accounts/{id}/activity', `/api/accounts/${account.id}/activity`],
      ['get', '/reports', '/api/reports?period=year'],
      ['get', '/reports/trend', '/api/reports/trend'],
      ['get', '/budget/month', '/api/budget/month'],
      ['get', '/transactions/summary', '/api/transactions/summary'],
      ['post', '/imports/preview', '/api/imports/preview', file],
      ['post', '/imports', '/api/imports', file],
    ];
    for (const [method, path, url, json] of answers) {
      const res = await client.request(url, json ? { method: 'POST', json } : {});
      const responses = doc.paths[path][method].responses;
      const status = String(res.status);
      expect(Object.keys(responses), `${method} ${path}: ${status}`).toContain(status);
      const body = await res.json();
      const validate = ajv.compile(responses[status].content['application/json'].schema);
      expect(validate(body), `${method} ${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
      // A field the description does not name fails the check: it names every one.
      const item = path === '/accounts/{id}/activity' ? { ...body, items: [{ ...body.items[0], extra: 1 }] } : { ...body, extra: 1 };
      expect(validate(item), `${method} ${path} with an unnamed field`).toBe(false);
    }
  });
});
