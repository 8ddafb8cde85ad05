import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { collectWhenIdle, fullCollection } from './memory.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A real HTTP server watched by `collectWhenIdle`, with the collections counted. */
async function watchedServer(quietMs: number) {
  const server = http.createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const counted = { collections: 0 };
  const stop = collectWhenIdle(server, { quietMs, collect: () => counted.collections++ });
  cleanups.push(stop, () => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { counted, request: async () => (await fetch(url)).text() };
}

describe('collections when the server is idle', () => {
  it('collects once the requests have stopped for the quiet period, never while they come', async () => {
    const { counted, request } = await watchedServer(500);
    await sleep(800);
    expect(counted.collections).toBe(0); // no work yet: nothing to give back
    for (const until = Date.now() + 1_000; Date.now() < until; await sleep(50)) await request();
    expect(counted.collections).toBe(0);
    await sleep(1_200);
    expect(counted.collections).toBeGreaterThanOrEqual(1);
    // At most a second one (the young generation's, at 4 × the quiet period), then nothing until the next request.
    await sleep(1_500);
    const settled = counted.collections;
    expect(settled).toBeLessThanOrEqual(2);
    await sleep(800);
    expect(counted.collections).toBe(settled);
    await request();
    await sleep(1_200);
    expect(counted.collections).toBeGreaterThan(settled);
  });

  it("runs V8's full collection without node's --expose-gc", async () => {
    let target: object | undefined = { big: new Array(1_000).fill('x') };
    const ref = new WeakRef(target);
    target = undefined;
    await sleep(0); // a WeakRef keeps its target until the current job ends
    fullCollection()();
    expect(ref.deref()).toBeUndefined();
  });
});
