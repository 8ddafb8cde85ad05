import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle, fullCollection } from './memory.ts';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * A real HTTP server watched by `collectWhenIdle`, with the collections counted. The watcher's
 * clock is fake (its checks and `Date.now()`), moved by `advance`; the requests are real.
 */
async function watchedServer(quietMs: number) {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  let responseClosed = () => {};
  const server = http.createServer((_req, res) => {
    res.once('close', () => responseClosed());
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const counted = { collections: 0 };
  const stop = collectWhenIdle(server, { quietMs, collect: () => counted.collections++ });
  cleanups.push(stop, () => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    counted,
    advance: (ms: number) => vi.advanceTimersByTime(ms),
    async request() {
      const closed = new Promise<void>((resolve) => (responseClosed = resolve));
      await (await fetch(url)).text();
      await closed; // the watcher has seen the request end too (its listener runs after this one)
    },
  };
}

describe('collections when the server is idle', () => {
  it('collects once the requests have stopped for the quiet period, never while they come', async () => {
    const quiet = 500;
    const { counted, advance, request } = await watchedServer(quiet);
    advance(quiet * 4);
    expect(counted.collections).toBe(0); // no work yet: nothing to give back
    // A request every 50 ms for twice the quiet period: never quiet long enough.
    for (let i = 0; i < 20; i++) {
      await request();
      advance(50);
    }
    expect(counted.collections).toBe(0);
    advance(quiet - 50 - 1);
    expect(counted.collections).toBe(0); // a quiet period after the last request, less 1 ms
    advance(quiet);
    expect(counted.collections).toBe(1);
    // At most a second one (the young generation's, at 4 × the quiet period), then nothing until the next request.
    advance(quiet * 4);
    const settled = counted.collections;
    expect(settled).toBeLessThanOrEqual(2);
    advance(quiet * 20);
    expect(counted.collections).toBe(settled);
    await request();
    advance(quiet - 1);
    expect(counted.collections).toBe(settled);
    advance(quiet);
    expect(counted.collections).toBe(settled + 1);
  });

  it("runs V8's full collection without node's --expose-gc", async () => {
    let target: object | undefined = { big: new Array(1_000).fill('x') };
    const ref = new WeakRef(target);
    target = undefined;
    await new Promise((resolve) => setTimeout(resolve, 0)); // a WeakRef keeps its target until the current job ends
    fullCollection()();
    expect(ref.deref()).toBeUndefined();
  });
});

describe("glibc's free memory given back", () => {
  const glibc = Boolean((process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime);

  it(glibc ? 'returns the free pages between live allocations to the system' : 'says it cannot without glibc', async () => {
    // A process of its own, whose resident memory nothing else moves: 4,000 buffers of 64 KB from
    // glibc's heap, three in four then freed, each gap between two live buffers, so glibc cannot
    // give them back on its own (only a heap's top goes back without asking).
    const script = `
      import { releaseFreedNativeMemory } from ${JSON.stringify(new URL('./memory.ts', import.meta.url).href)};
      const kept = [];
      let freed = [];
      for (let i = 0; i < 4000; i++) (i % 4 ? freed : kept).push(Buffer.alloc(64 * 1024, 1));
      freed = null;
      // V8 frees a collected buffer's memory on a background thread after the collection: a few
      // collections apart make sure it has.
      for (let i = 0; i < 3; i++) {
        gc();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const before = process.memoryUsage.rss();
      const released = releaseFreedNativeMemory();
      const after = process.memoryUsage.rss();
      console.log(JSON.stringify({ released, before, after, kept: kept.length }));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script]);
    const result = JSON.parse(stdout) as { released: boolean; before: number; after: number; kept: number };
    expect(result.kept).toBe(1000);
    expect(result.released).toBe(glibc);
    const MB = 1024 * 1024;
    // 3,000 × 64 KB = 187.5 MB freed; without the call the process keeps it (before).
    if (glibc) expect(result.before - result.after).toBeGreaterThan(120 * MB);
    else expect(result.after).toBeGreaterThan(result.before - 20 * MB);
  });
});
