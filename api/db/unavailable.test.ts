import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { migrate } from './migrate.ts';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../lib/errors.ts';
import { createPostgresDatabaseUrl, testDatabaseKind } from '../test/test-database.ts';
import { startDatabaseLink } from '../test/private-services.ts';
import { startTestServer } from '../test/test-server.ts';
import { signUp } from '../test/sign-in.ts';
import { createTestViewer, graphqlAs } from '../test/graphql-client.ts';

// A PostgreSQL that goes away (docs/operations.md#what-a-fault-costs), made by cutting a TCP link
// between the app and the test database: open connections drop and new ones are refused, as when
// the server stops. The shared server itself is never touched.
describe.runIf(testDatabaseKind() === 'postgres')('a database that does not answer', () => {
  let link: Awaited<ReturnType<typeof startDatabaseLink>>;
  let drop: () => Promise<void>;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let db: Database;

  beforeAll(async () => {
    const created = await createPostgresDatabaseUrl();
    drop = created.drop;
    link = await startDatabaseLink(Number(new URL(created.url).port || 5432));
    const url = link.url(new URL(created.url).pathname.slice(1));
    server = await startTestServer({ database: { kind: 'postgres', url } });
    db = await openDatabase({ kind: 'postgres', url });
    await migrate(db);
  });

  afterAll(async () => {
    await server?.close();
    await db?.close();
    await link?.close();
    await drop?.();
  });

  it('answers 503 with a message on REST, GraphQL and sign-in, is not ready but alive, and serves again once it is back', async () => {
    const { client } = await signUp(server.base);
    const viewer = await createTestViewer(db);
    const graphql = graphqlAs(db, viewer);
    expect((await client.request('/api/accounts')).status).toBe(200);

    await link.cut();
    const rest = await client.request('/api/accounts', { method: 'POST', json: { name: 'Cash', type: 'cash' } });
    expect([rest.status, rest.headers.get('retry-after'), await rest.json()]).toEqual([503, '5', { message: DATABASE_UNAVAILABLE }]);
    // Through the session lookup (the first query of a request) ...
    const viaSession = await client.graphql('{ viewer { accounts { totalCount } } }');
    expect(viaSession).toEqual({ status: 503, errors: [{ message: DATABASE_UNAVAILABLE, extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
    // ... and from a resolver, the session already read.
    const viaResolver = await graphql('mutation { createAccount(input: { name: "Cash", type: cash }) { account { id } } }');
    expect(viaResolver.status).toBe(503);
    expect(viaResolver.errors).toEqual([
      expect.objectContaining({ message: DATABASE_UNAVAILABLE, extensions: { code: 'SERVICE_UNAVAILABLE' } }),
    ]);
    expect((await client.request('/api/login')).status).toBe(503);
    const ready = await client.request('/readyz');
    expect([ready.status, (await ready.json()).status]).toEqual([503, 'unavailable']);
    expect((await client.request('/healthz')).status).toBe(200);

    await link.restore();
    expect((await client.request('/api/accounts', { method: 'POST', json: { name: 'Cash', type: 'cash' } })).status).toBe(201);
    expect((await graphql('{ viewer { accounts { totalCount } } }')).data.viewer.accounts.totalCount).toBe(0);
    expect((await client.request('/readyz')).status).toBe(200);
  });

  it('tells a database that is away from a request that is refused', async () => {
    await link.cut();
    const failures = await Promise.all([
      db.prisma.user.findMany().catch((e: unknown) => e),
      db.prisma.$transaction(async (tx) => tx.user.count()).catch((e: unknown) => e),
      db.prisma.$queryRaw`SELECT 1`.catch((e: unknown) => e),
      db.ping().catch((e: unknown) => e),
    ]);
    await link.restore();
    expect(failures.map((e) => isDatabaseUnavailable(e))).toEqual([true, true, true, true]);
    const { id } = await createTestViewer(db);
    const duplicate = await db.prisma.user.create({ data: { id } }).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(duplicate)).toBe(false); // a refusal that is the request's doing
  });
});
