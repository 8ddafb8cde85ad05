import type http from 'node:http';
import { createRequire } from 'node:module';
import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * V8 collects garbage once its heap has grown a fifth beyond what the last collection left live,
 * instead of letting it reach up to 4 times that on a machine with plenty of memory: a server that
 * has served a burst then holds much less, for a few percent of throughput under load
 * (docs/performance.md#memory, docs/decisions/002-server-memory-flags.md). A
 * `--heap-growing-percent` given to node wins.
 */
export function boundHeapGrowth() {
  if (process.execArgv.some((arg) => arg.startsWith('--heap-growing-percent'))) return;
  v8.setFlagsFromString(`--heap-growing-percent=${BOUNDED_GROWTH}`);
  bounded = true;
}

const BOUNDED_GROWTH = 20;
let bounded = false;
let roomy = 0;

/**
 * On PostgreSQL, WebAssembly runs on V8's baseline compiler only (Liftoff). There the only
 * WebAssembly is Prisma's query compiler, which runs when a query's shape is not yet in its plan
 * cache: V8's optimizing compiler would recompile its busiest functions at the start, on
 * background threads whose freed compile memory glibc keeps for the process's life (40-60 MB
 * resident), for no CPU measurable per request afterwards (docs/performance.md#memory,
 * docs/decisions/002-server-memory-flags.md). Not with PGlite: its database runs in WebAssembly,
 * and its queries take 20-70% longer on the baseline compiler alone. A flag of node's own naming
 * Liftoff wins.
 */
export function baselineWasmOnly() {
  if (process.execArgv.some((arg) => arg.includes('liftoff'))) return;
  v8.setFlagsFromString('--liftoff-only');
}

/**
 * Lets the heap grow as V8 decides while `work` runs (in this process, for everything): work that
 * keeps hundreds of MB live for seconds (an import of 100,000 rows) would otherwise run a full
 * collection at every fifth of growth, costing that import much more CPU (docs/performance.md#imports).
 * What it leaves behind is given back by the idle collections below.
 */
export async function withRoomToGrow<T>(work: () => Promise<T>): Promise<T> {
  if (!bounded) return work();
  // 0: V8's own growing factor.
  if (roomy++ === 0) v8.setFlagsFromString('--heap-growing-percent=0');
  try {
    return await work();
  } finally {
    if (--roomy === 0) v8.setFlagsFromString(`--heap-growing-percent=${BOUNDED_GROWTH}`);
  }
}

/** V8's full collection (the `gc()` that `--expose-gc` exposes), callable without that flag. */
export function fullCollection(): () => void {
  if (typeof globalThis.gc === 'function') return globalThis.gc;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * Hands the free pages of glibc's heaps back to the system (`malloc_trim(0)`, called through koffi),
 * and says whether it could. glibc keeps what the process frees (buffers, compile memory of V8's
 * background threads) for reuse and returns on its own only what sits at the top of a heap; after a
 * burst most of it sits in between (on PGlite 80-90 MB: docs/performance.md#memory). Nothing to do
 * without glibc (macOS, Windows, musl) or without koffi (an optional dependency).
 */
export function releaseFreedNativeMemory(): boolean {
  if (mallocTrim === undefined) mallocTrim = loadMallocTrim();
  mallocTrim?.(0);
  return mallocTrim !== null;
}

let mallocTrim: ((pad: number) => number) | null | undefined;

function loadMallocTrim() {
  if (process.platform !== 'linux') return null;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => number;
  } catch {
    return null; // no glibc by that name (musl), or koffi not installed
  }
}

/** What the server does once idle: a full collection, then the native memory it freed back to the system. */
export function giveBackMemory(): () => void {
  const collect = fullCollection();
  return () => {
    collect();
    releaseFreedNativeMemory();
  };
}

/** V8's smallest young generation (two 512 KB halves): nothing to give back. */
const MIN_YOUNG_GENERATION = 1024 * 1024;

/** The young generation's size now, in bytes (V8 keeps it at its busiest until told otherwise). */
function youngGeneration() {
  return v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}

/**
 * Once the server has had no request for a while after some work, full collections give back
 * what the work left (docs/performance.md#memory): V8 otherwise keeps the garbage of the last
 * burst and its young generation at its busiest size until something allocates again,
 * which an idle server never does. The first collection, `quietMs` after the last request, frees
 * the garbage. V8 shrinks the young generation only at a collection that follows a few seconds
 * of little (but some: this check's own) allocation, which the first cannot be (it still counts
 * the burst's last allocations); the second, `quietMs` * 4 after the last request, does it.
 * After each, glibc's free pages go back to the system too (`giveBackMemory`).
 * Never under load: any request pushes the quiet period back; at most two collections per quiet
 * period. A request's start and end count, not its duration, so a live-update
 * stream kept open does not keep the server from ever being quiet. Returns a function that stops
 * watching.
 */
export function collectWhenIdle(
  server: http.Server,
  { quietMs = 2_000, collect = giveBackMemory() }: { quietMs?: number; collect?: () => void } = {},
) {
  let lastActivity = 0;
  let collections = 2; // run in this quiet period (none is due before the first request)
  const active = () => {
    lastActivity = Date.now();
    collections = 0;
  };
  const onRequest = (_req: http.IncomingMessage, res: http.ServerResponse) => {
    active();
    res.once('close', active);
  };
  server.on('request', onRequest);
  const timer = setInterval(
    () => {
      const quiet = Date.now() - lastActivity;
      if (collections === 0 && quiet >= quietMs) {
        collections = 1;
        collect();
      } else if (collections === 1 && quiet >= quietMs * 4) {
        collections = 2;
        if (youngGeneration() > MIN_YOUNG_GENERATION) collect();
      }
    },
    Math.min(1_000, quietMs / 4),
  );
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', onRequest);
  };
}
