import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, signUp } from '../test/sign-in.ts';
import { startTestServer } from '../test/test-server.ts';
import { DOCUMENTS_FILE, DOCUMENTS_ONLY, readTrustedDocuments, trustedDocumentId, UNKNOWN_DOCUMENT } from './trusted-documents.ts';

// The web app sends its operations' ids (docs/architecture.md#trusted-documents): the ids of the
// compiler's own file, on a real server; with TRUSTED_DOCUMENTS_ONLY a browser session runs
// nothing else, while an API token still runs any document.

const documents = readTrustedDocuments();
const idOf = (name: string) => trustedDocumentId(name, documents);

async function post(client: HttpClient, body: Record<string, unknown>) {
  const res = await client.request('/graphql', { method: 'POST', json: body, headers: { 'x-graphql-yoga-csrf': '1' } });
  return { status: res.status, ...((await res.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] }) };
}
const byId = (client: HttpClient, id: string, variables: Record<string, unknown> = {}) =>
  post(client, { variables, extensions: { persistedQuery: { version: 1, sha256Hash: id } } });

let server: Awaited<ReturnType<typeof startTestServer>>;
let strict: Awaited<ReturnType<typeof startTestServer>>;
let client: HttpClient;
beforeAll(async () => {
  server = await startTestServer();
  // A second process over the same database, with browser sessions held to the app's operations.
  strict = await startTestServer({ shareDatabase: server.app.db, env: { TRUSTED_DOCUMENTS_ONLY: 'true' } });
  client = (await signUp(server.base)).client;
});
afterAll(async () => {
  await strict?.close();
  await server?.close();
});

describe('trusted documents', () => {
  it("holds the id of every operation the web app's compiled artifacts send", () => {
    const dir = path.dirname(DOCUMENTS_FILE);
    const ids = fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.graphql.ts'))
      .flatMap((file) => /"id": "([0-9a-f]{64})"/.exec(fs.readFileSync(path.join(dir, file), 'utf8'))?.[1] ?? []);
    expect(ids.length).toBeGreaterThan(50);
    expect(ids.filter((id) => !documents.has(id))).toEqual([]);
  });

  it("answers an id of the web app's operations as it answers the operation's text", async () => {
    const id = idOf('AccountsPageQuery');
    const text = documents.get(id)!;
    const [viaId, viaText] = await Promise.all([byId(client, id), post(client, { query: text })]);
    expect(viaId.errors).toBeUndefined();
    expect(viaId).toEqual(viaText);
    expect(viaId.data.viewer).toBeDefined();
  });

  it('tells a page of an older version of the app to reload, and a request of neither what is missing', async () => {
    const unknown = await byId(client, 'f'.repeat(64));
    expect(unknown).toEqual({ status: 400, errors: [{ message: UNKNOWN_DOCUMENT.message, extensions: { code: UNKNOWN_DOCUMENT.code } }] });
    const empty = await post(client, { variables: {} });
    expect([empty.status, empty.errors?.[0]?.message]).toEqual([400, 'Must provide query string.']);
  });

  it("takes the web app's file-carrying operation past 1 MB by its id, and no other", async () => {
    const content = `Date,Description,Amount\n${Array.from({ length: 40_000 }, (_, i) => `2024-01-02,Shop ${i},-1.25`).join('\n')}\n`;
    expect(content.length).toBeGreaterThan(1_100_000);
    const preview = await byId(client, idOf('ImportDialogPreviewMutation'), { input: { fileName: 'big.csv', content } });
    expect(preview.errors).toBeUndefined();
    expect(preview.data.previewImport.rows).toHaveLength(40_000);
    const other = await byId(client, idOf('AccountsPageQuery'), { padding: content });
    expect([other.status, other.errors?.[0]?.message]).toEqual([413, 'Request body too large: 1 MB at most']);
  });

  it("with TRUSTED_DOCUMENTS_ONLY, runs a browser session's ids but not its own documents; an API token runs any", async () => {
    const session = new HttpClient(strict.base);
    session.jar = client.jar; // the same signed-in browser, on the strict process
    const accounts = await post(session, { query: '{ viewer { accounts { totalCount } } }' });
    expect(accounts).toEqual({ status: 403, errors: [{ message: DOCUMENTS_ONLY.message, extensions: { code: DOCUMENTS_ONLY.code } }] });
    const write = await post(session, { query: 'mutation { createAccount(input: { name: "Sneaky", type: cash }) { account { id } } }' });
    expect(write.status).toBe(403);
    expect((await byId(session, idOf('AccountsPageQuery'))).data.viewer.accountCount).toEqual({ totalCount: 0 });

    const created = await client.request('/api/tokens', { method: 'POST', json: { name: 'script', access: 'write', expiresInDays: 30 } });
    expect(created.status).toBe(201);
    const token = new HttpClient(strict.base, ((await created.json()) as { token: string }).token);
    expect(await post(token, { query: '{ viewer { accounts { totalCount } } }' })).toEqual({
      status: 200,
      data: { viewer: { accounts: { totalCount: 0 } } },
    });
    // Signed out, a document is answered as ever: 401.
    expect((await post(new HttpClient(strict.base), { query: '{ viewer { id } }' })).status).toBe(401);
    // On the default process a browser session still runs documents of its own (GraphiQL, tests, scripts).
    expect((await post(client, { query: '{ viewer { accounts { totalCount } } }' })).data).toEqual({
      viewer: { accounts: { totalCount: 0 } },
    });
  });
});
