import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { createTestViewer } from '../test/graphql-client.ts';
import { startRestServer } from '../test/rest-client.ts';
import { fullReadsUnderWay } from './concurrent-downloads.ts';

/**
 * The transaction reads of one user wait for `gate` before their first batch: their answers stay
 * open as long as the test wants, as a long download to a client that does not read would.
 */
const held = vi.hoisted(() => {
  const state = { userId: '', open: () => {}, gate: Promise.resolve() };
  state.gate = new Promise<void>((resolve) => (state.open = resolve));
  return state;
});
vi.mock('../modules/transactions/transactions.service.ts', async (original) => {
  const mod = await original<typeof import('../modules/transactions/transactions.service.ts')>();
  return {
    ...mod,
    exportTransactionBatches: async function* (...args: Parameters<typeof mod.exportTransactionBatches>) {
      if (args[0].id === held.userId) await held.gate;
      yield* mod.exportTransactionBatches(...args);
    },
  };
});

let db: Database;
let server: Awaited<ReturnType<typeof startRestServer>>;
beforeAll(async () => {
  db = await createTestDatabase();
  server = await startRestServer(db);
});
afterAll(async () => {
  held.open();
  await server?.close();
  await db?.close();
});

const until = async (what: string, check: () => boolean) => {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check(), what).toBe(true);
};

describe('full reads: at most 2 of a user at once', () => {
  it('answers the third 429 with Retry-After 1, and counts a read until it finishes or its client goes', async () => {
    const alice = await createTestViewer(db);
    const bob = await createTestViewer(db);
    for (const id of [alice.id, bob.id]) {
      const r = await server.as({ id })('POST', '/api/transactions', { amount: '12.50', description: 'Lunch', date: '2026-01-15' });
      expect(r.status).toBe(201);
    }
    held.userId = alice.id;
    const asAlice = server.as(alice);
    /** A request whose answer is not read (its body is left in the socket). */
    const start = (path: string) => {
      const abort = new AbortController();
      const response = fetch(server.base + path, { headers: { 'x-test-user': alice.id }, signal: abort.signal });
      response.catch(() => {});
      return { abort: () => abort.abort(), response };
    };

    // Two of Alice's full reads under way: the streamed list and the CSV export.
    const list = start('/api/transactions');
    const csv = start('/api/export/transactions.csv');
    await until('two reads under way', () => fullReadsUnderWay(alice.id) === 2);

    // A third (a list, an export or the report) waits its turn.
    for (const path of ['/api/transactions', '/api/export/transactions.csv', '/api/export/report.html?period=year']) {
      const third = await asAlice('GET', path);
      expect([third.status, third.text, third.headers.get('retry-after')], path).toEqual([
        429,
        '{"message":"Too many downloads at once. Try again in a moment."}',
        '1',
      ]);
    }
    // Pages are not full reads, and another user is not concerned.
    expect((await asAlice('GET', '/api/transactions?limit=10')).body.items).toHaveLength(1);
    expect((await server.as(bob)('GET', '/api/transactions')).body).toHaveLength(1);
    expect(fullReadsUnderWay(alice.id)).toBe(2);

    // The list's client goes away: its read no longer counts.
    expect((await list.response).status).toBe(200);
    list.abort();
    await until('the disconnected read released', () => fullReadsUnderWay(alice.id) === 1);
    const again = start('/api/transactions');
    await until('a read again', () => fullReadsUnderWay(alice.id) === 2);
    expect((await asAlice('GET', '/api/transactions')).status).toBe(429);

    // The reads finish: none counts any more, and the next one is answered in full.
    held.open();
    expect(await (await csv.response).text()).toContain('Lunch');
    expect(JSON.parse(await (await again.response).text())).toHaveLength(1);
    await until('every read released', () => fullReadsUnderWay(alice.id) === 0);
    const after = await asAlice('GET', '/api/transactions');
    expect([after.status, after.body.length]).toEqual([200, 1]);
    expect(fullReadsUnderWay(alice.id)).toBe(0);
  });
});
