import { describe, expect, it } from 'vitest';
import { HttpClient, signUp } from '../test/sign-in.ts';
import { startTestServer } from '../test/test-server.ts';
import { createPostgresDatabaseUrl } from '../test/test-database.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const pgAdmin = process.env.TEST_DATABASE_URL;

/** Reads `changes` events from a GraphQL-over-SSE subscription until `count` arrived or time ran out. */
async function listen(client: HttpClient, count: number, timeoutMs: number) {
  const controller = new AbortController();
  const res = await client.request('/graphql', {
    method: 'POST',
    json: { query: 'subscription { changes { topics } }' },
    headers: { 'x-graphql-yoga-csrf': '1', accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: string[][] = [];
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const done = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (const m of buffer.matchAll(/event: next\ndata: (.*)\n\n/g)) events.push(JSON.parse(m[1]!).data.changes.topics);
        buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
        if (events.length >= count) break;
      }
    } catch {
      // aborted: time is up
    }
    clearTimeout(timer);
    controller.abort();
    return events;
  })();
  return { status: res.status, done };
}

describe.runIf(redisUrl && pgAdmin)('live updates across processes (Redis)', () => {
  it('a change made through one app process reaches a subscriber on another', async () => {
    const { url, drop } = await createPostgresDatabaseUrl();
    const env = { REDIS_URL: redisUrl! };
    const one = await startTestServer({ database: { kind: 'postgres', url }, env });
    const two = await startTestServer({ database: { kind: 'postgres', url }, env });
    try {
      const { client } = await signUp(one.base);
      const onTwo = new HttpClient(two.base);
      onTwo.jar = client.jar; // the same browser: sessions live in the shared database
      const before = await onTwo.graphql('{ viewer { transactions { totalCount } } }');
      expect(before.data.viewer.transactions.totalCount).toBe(0);
      const subscription = await listen(onTwo, 1, 5000);
      expect(subscription.status).toBe(200);
      await new Promise((r) => setTimeout(r, 300)); // the subscription is registered with Redis
      await client.request('/api/transactions', { method: 'POST', json: { amount: '3.00', description: 'from process one', date: '2026-01-01' } });
      expect(await subscription.done).toEqual([['transactions']]);
      // Process two's response cache was dropped by the same event.
      expect((await onTwo.graphql('{ viewer { transactions { totalCount } } }')).data.viewer.transactions.totalCount).toBe(1);
    } finally {
      await one.close();
      await two.close();
      await drop();
    }
  });
});
