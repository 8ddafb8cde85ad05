import { setImmediate } from 'node:timers/promises';

/**
 * Lets other requests run between the batches of a long read. PGlite answers a query within the
 * same turn of the event loop, so a read of a hundred batches (a full list, an export) would
 * otherwise hold the whole process, and every other user's requests, until its last batch.
 */
export const letOthersIn = () => setImmediate();

/**
 * Long CPU work on the request's thread (an imported file's hundred thousand rows), cut into
 * slices: the function it returns is called once per item and says when a slice ends, after
 * `size` items or `ms` milliseconds (items can be slow: a category suggestion); the caller then
 * awaits `letOthersIn()`, so no slice holds the process for more than a few milliseconds.
 */
export function slices(size = 1000, ms = 10): () => boolean {
  let done = 0;
  let start: number | null = null;
  return () => {
    start ??= performance.now();
    if (++done % size !== 0 && (done % 32 !== 0 || performance.now() - start < ms)) return false;
    start = null;
    return true;
  };
}

/** `items.map(map)` in slices of `size` items (see `slices`). */
export async function mapInSlices<T, U>(items: readonly T[], map: (item: T, index: number) => U, size = 1000): Promise<U[]> {
  const sliceEnds = slices(size);
  const mapped: U[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    mapped[i] = map(items[i]!, i);
    if (sliceEnds()) await letOthersIn();
  }
  return mapped;
}

/**
 * The items as promises that settle a slice at a time, one slice per turn of the event loop.
 * GraphQL completes a list's items as they settle: a list of a hundred thousand objects, each with
 * fields to resolve, is then completed (and its answer built) in slices instead of all at once.
 */
export function settledInSlices<T>(items: readonly T[], size = 1000): Promise<T>[] {
  const settled: Promise<T>[] = new Array(items.length);
  let turn: Promise<unknown> = Promise.resolve();
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % size === 0) turn = turn.then(letOthersIn);
    const item = items[i]!;
    settled[i] = turn.then(() => item);
  }
  return settled;
}
