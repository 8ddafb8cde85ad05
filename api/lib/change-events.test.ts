import crypto from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from 'graphql-sse';
import { HttpClient, signUp } from '../test/sign-in.ts';
import { startTestServer } from '../test/test-server.ts';
import { createPostgresDatabaseUrl } from '../test/test-database.ts';
import { hasProgram, startPrivateRedis } from '../test/private-services.ts';
import { createChangeEvents } from './change-events.ts';
import { createChangeFanOut } from './change-fan-out.ts';
import { createReadMemo } from './read-memo.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const pgAdmin = process.env.TEST_DATABASE_URL;

/**
 * Subscribes to `changes` the way the web app does (graphql-sse's client: GraphQL over SSE,
 * distinct connections mode) with `client`'s cookies, and collects events until `count` arrived or
 * time ran out. `ready` resolves once the stream is open; no retries, so a refusal is an error.
 * `since`: the change mark (X-Change-Mark) of what the caller shows.
 */
function listen(client: HttpClient, count: number, timeoutMs: number, since?: string) {
  let opened!: () => void;
  const ready = new Promise<void>((resolve) => (opened = resolve));
  const sse = createClient({
    url: new URL('/graphql', client.base).toString(),
    headers: { 'x-graphql-yoga-csrf': '1' },
    fetchFn: (url: string, init: RequestInit) => client.request(url, init),
    retryAttempts: 0,
    on: { connected: () => opened() },
  });
  const timer = setTimeout(() => sse.dispose(), timeoutMs);
  const done = (async () => {
    const events: unknown[] = [];
    try {
      const query = 'subscription($since: String) { changes(since: $since) { at origin } }';
      for await (const result of sse.iterate({ query, variables: { since } })) {
        events.push(result);
        if (events.length >= count) break;
      }
    } finally {
      clearTimeout(timer);
      sse.dispose();
    }
    return events;
  })();
  return { ready, done };
}

const event = (origin: string | null) => ({ data: { changes: { at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), origin } } });

/** Asks `{ viewer { id } }` as `client` (in `budget`, when given): the answer, with its X-Change-Mark header. */
const askViewer = (client: HttpClient, budget?: string) =>
  client.request('/graphql', {
    method: 'POST',
    json: { query: '{ viewer { id } }' },
    headers: { 'x-graphql-yoga-csrf': '1', ...(budget ? { 'x-budget-id': budget } : {}) },
  });

describe('live updates (GraphQL over SSE)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('sends one event per change, made through REST or GraphQL, to the user who made it', async () => {
    const { client } = await signUp(server.base);
    const other = await signUp(server.base);
    const mine = listen(client, 3, 5000);
    const theirs = listen(other.client, 1, 1500);
    await Promise.all([mine.ready, theirs.ready]);
    await new Promise((r) => setTimeout(r, 200)); // the server starts listening as it streams
    await client.request('/api/transactions', { method: 'POST', json: { amount: '3.00', description: 'via REST', date: '2026-01-01' } });
    // A tab names itself (X-Client-Id) to recognise its own changes; a malformed id is not repeated.
    await client.request('/graphql', {
      method: 'POST',
      json: { query: `mutation { createAccount(input: { name: "Cash", type: cash }) { account { id } } }` },
      headers: { 'x-graphql-yoga-csrf': '1', 'x-client-id': 'tab-1' },
    });
    await client.request('/api/paychecks', {
      method: 'POST',
      json: { amount: '1.00', date: '2026-01-01' },
      headers: { 'x-client-id': '<bad id>' },
    });
    expect(await mine.done).toEqual([event(null), event('tab-1'), event(null)]);
    expect(await theirs.done).toEqual([]);
  });

  it('marks each answer with the change mark it was read at; a stream opened with it starts with one event if the data changed since', async () => {
    const { client } = await signUp(server.base);
    const mark = async () => (await askViewer(client)).headers.get('x-change-mark');
    const read = await mark();
    expect(read).toMatch(/^\d+$/);
    expect(await mark()).toBe(read); // nothing changed (and an answer from the cache has it too)
    expect(await listen(client, 1, 1500, read!).done).toEqual([]);
    await client.request('/api/accounts', { method: 'POST', json: { name: 'Made before the stream', type: 'cash' } });
    expect(await listen(client, 1, 5000, read!).done).toEqual([event(null)]);
    const reread = await mark();
    expect(Number(reread)).toBeGreaterThan(Number(read));
    expect(await listen(client, 1, 1500, reread!).done).toEqual([]);
    // Another user's budget answers as a missing one does, without a mark: no one learns when it changed.
    const other = await signUp(server.base);
    const otherId = ((await (await other.client.request('/api/auth/user')).json()) as { id: string }).id;
    for (const budget of [otherId, crypto.randomUUID()]) {
      const res = await askViewer(client, budget);
      expect(await res.json()).toMatchObject({ errors: [{ extensions: { code: 'NOT_FOUND' } }] });
      expect(res.headers.get('x-change-mark')).toBeNull();
    }
  });

  it('refuses a "since" that is not a change mark with a clear error', async () => {
    const { client } = await signUp(server.base);
    const answer = await listen(client, 1, 5000, 'yesterday').done;
    expect(answer).toMatchObject([
      { errors: [{ message: 'since must be a change mark (an X-Change-Mark header)', extensions: { code: 'BAD_USER_INPUT' } }] },
    ]);
  });

  it('refuses a signed-out subscriber with 401', async () => {
    const { done } = listen(new HttpClient(server.base), 1, 5000);
    await expect(done).rejects.toMatchObject({ response: { status: 401 } });
  });
});

describe('a stream opened with the change mark the client read at', () => {
  afterEach(() => vi.useRealTimers());
  /** The stream's first event if one is there at once, else "none". */
  const opening = async (stream: AsyncIterator<unknown>) => {
    const first = await Promise.race([stream.next(), new Promise((r) => setTimeout(() => r('none'), 50))]);
    await stream.return?.();
    return first === 'none' ? first : (first as IteratorResult<unknown>).value;
  };

  it("starts with one event when that user's data changed after the mark, or when the process cannot tell", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const events = createChangeEvents();
    const started = events.mark('user-a'); // no change known: since when the process knows every change
    vi.advanceTimersByTime(60_000);
    expect(events.mark('user-a')).toBe(started);
    events.publish('user-a', 'tab-1');
    const changed = events.mark('user-a');
    expect(changed).toBe(started + 60_000);
    vi.advanceTimersByTime(10_000);
    const missed = { at: expect.any(String), origin: null };
    expect(await opening(events.subscribe('user-a', started))).toEqual(missed);
    expect(await opening(events.subscribe('user-a', changed))).toBe('none');
    expect(await opening(events.subscribe('user-b', started))).toBe('none');
    expect(await opening(events.subscribe('user-a'))).toBe('none'); // without a mark: only what comes
    // Read before this process started: it cannot tell.
    expect(await opening(events.subscribe('user-b', started - 1))).toEqual(missed);
    // A last change kept long enough is swept away, but no mark falls: user-a's stays, and one
    // without a change of its own (user-b) is raised to it (one needless event at most).
    vi.advanceTimersByTime(15 * 60_000);
    events.publish('user-c');
    expect(events.mark('user-a')).toBe(changed);
    expect(await opening(events.subscribe('user-a', changed))).toBe('none');
    expect(await opening(events.subscribe('user-b', started))).toEqual(missed);
    // Every change raises the mark, even one made in the same millisecond.
    const before = events.mark('user-c');
    events.publish('user-c');
    expect(events.mark('user-c')).toBeGreaterThan(before);
    await events.close();
  });

  it('raises every mark above all given so far when any user may have changed (Redis lost or back)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fanOut = createChangeFanOut<string>();
    fanOut.deliver('user-a', 'change', Date.now() + 5_000); // made by a process whose clock is ahead
    const [a, b] = [fanOut.mark('user-a'), fanOut.mark('user-b')];
    fanOut.anyUserChanged();
    expect(fanOut.mark('user-a')).toBeGreaterThan(a);
    expect(fanOut.mark('user-b')).toBeGreaterThan(Math.max(a, b));
  });
});

describe.runIf(redisUrl)('change events through Redis', () => {
  it('reach subscribers and cache listeners of another process, and drop its memo; not its own-changes listeners', async () => {
    const target = { url: redisUrl!, prefix: `budget-test-${crypto.randomUUID()}:` };
    const one = createChangeEvents(target);
    const two = createChangeEvents(target);
    try {
      await expect.poll(() => [one.reach(), two.reach()]).toEqual(['shared', 'shared']);
      const heard: (string | null)[] = [];
      two.onAnyChange((userId) => heard.push(userId));
      // Work done once per change (the reminders' check) hears only the changes its own process made.
      const madeByOne: [string, string | null][] = [];
      const madeByTwo: [string, string | null][] = [];
      one.onChangeHere((userId, origin) => madeByOne.push([userId, origin]));
      two.onChangeHere((userId, origin) => madeByTwo.push([userId, origin]));
      let computed = 0;
      const memo = createReadMemo(two);
      const count = () => memo.cached('user-a', 'count', async () => ++computed);
      expect([await count(), await count()]).toEqual([1, 1]);
      const subscription = two.subscribe('user-a');
      const next = subscription.next();
      await new Promise((r) => setTimeout(r, 300)); // the subscription is registered with Redis
      one.publish('user-a', 'tab-1');
      expect((await next).value).toEqual({ at: expect.any(String), origin: 'tab-1' });
      await expect.poll(() => heard).toEqual(['user-a']);
      expect(await count()).toBe(2);
      expect(madeByOne).toEqual([['user-a', 'tab-1']]);
      expect(madeByTwo).toEqual([]);
      await subscription.return();
    } finally {
      await one.close();
      await two.close();
    }
  });
});

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
      const subscription = listen(onTwo, 1, 5000);
      await subscription.ready;
      await new Promise((r) => setTimeout(r, 300)); // the subscription is registered with Redis
      await client.request('/api/transactions', {
        method: 'POST',
        json: { amount: '3.00', description: 'from process one', date: '2026-01-01' },
      });
      expect(await subscription.done).toEqual([event(null)]);
      // Process two's response cache was dropped by the same event.
      expect((await onTwo.graphql('{ viewer { transactions { totalCount } } }')).data.viewer.transactions.totalCount).toBe(1);
      // Both processes mark that change alike (its publisher's clock): a mark read on one, given to
      // a stream on the other, starts it with no event, nothing having changed since.
      const mark = (await askViewer(client)).headers.get('x-change-mark')!;
      expect(await listen(onTwo, 1, 1500, mark).done).toEqual([]);
    } finally {
      await one.close();
      await two.close();
      await drop();
    }
  });
});

describe.runIf(hasProgram('redis-server'))('change events while Redis is away (a Redis of its own, stopped)', () => {
  it('still reach their own process, empty and bypass the caches, queue nothing, and have every subscriber refetch when it is back', async () => {
    const redis = await startPrivateRedis();
    const logs: string[] = [];
    const target = { url: redis.url, prefix: 'budget:' };
    const one = createChangeEvents(target, (m) => logs.push(m));
    const two = createChangeEvents(target, (m) => logs.push(m));
    const onOne = one.subscribe('user-a');
    const onTwo = two.subscribe('user-a');
    try {
      await expect.poll(() => [one.reach(), two.reach()]).toEqual(['shared', 'shared']);
      const firstOnTwo = onTwo.next(); // (a subscription starts listening when it is first read)
      const heard: (string | null)[] = [];
      two.onAnyChange((userId) => heard.push(userId));
      // Work done once per change (the reminders' check) hears only the changes its own process made.
      const madeByOne: [string, string | null][] = [];
      const madeByTwo: [string, string | null][] = [];
      one.onChangeHere((userId, origin) => madeByOne.push([userId, origin]));
      two.onChangeHere((userId, origin) => madeByTwo.push([userId, origin]));
      let computed = 0;
      const memo = createReadMemo(two);
      const count = () => memo.cached('user-a', 'count', async () => ++computed);
      expect([await count(), await count()]).toEqual([1, 1]);

      await redis.stop();
      await expect.poll(() => [one.reach(), two.reach()]).toEqual(['degraded', 'degraded']);
      expect(heard).toEqual([null]); // every cache emptied: other processes' changes no longer arrive
      expect([await count(), await count()]).toEqual([2, 3]); // and not kept until Redis is back
      const mine = onOne.next();
      one.publish('user-a', 'tab-1');
      expect((await mine).value).toEqual({ at: expect.any(String), origin: 'tab-1' });
      // Changes made while Redis is away are not queued for it: memory stays flat.
      v8.setFlagsFromString('--expose_gc');
      const gc = vm.runInNewContext('gc') as () => void;
      gc();
      const heap = process.memoryUsage().heapUsed;
      for (let i = 0; i < 20_000; i++) one.publish(`user-${i}`, 'tab-1');
      gc();
      expect(process.memoryUsage().heapUsed - heap).toBeLessThan(5 * 1024 * 1024);

      await redis.start();
      await expect.poll(() => [one.reach(), two.reach()], { timeout: 10_000 }).toEqual(['shared', 'shared']);
      // Whatever crossed nowhere meanwhile: every subscriber is told to refetch (origin null).
      expect((await firstOnTwo).value).toEqual({ at: expect.any(String), origin: null });
      expect(heard.at(-1)).toBe(null);
      const crossing = (async () => {
        for (;;) {
          const { value } = await onTwo.next();
          if (value?.origin === 'tab-2') return value;
        }
      })();
      one.publish('user-a', 'tab-2');
      expect(await crossing).toEqual({ at: expect.any(String), origin: 'tab-2' });
      expect([await count(), await count()]).toEqual([4, 4]); // cached again
      expect(logs.filter((l) => l.includes('not reachable'))).toHaveLength(2);
      expect(logs.filter((l) => l.includes('Redis is back'))).toHaveLength(2);
    } finally {
      await onOne.return();
      await onTwo.return();
      await one.close();
      await two.close();
      await redis.close();
    }
  });
});
