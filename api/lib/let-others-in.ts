import { setImmediate } from 'node:timers/promises';

/**
 * Lets other requests run between the batches of a long read. PGlite answers a query within the
 * same turn of the event loop, so a read of a hundred batches (a full list, an export) would
 * otherwise hold the whole process, and every other user's requests, until its last batch.
 */
export const letOthersIn = () => setImmediate();

/**
 * Long CPU work on the request's thread (an imported file's hundred thousand rows), cut into
 * slices: the function it returns is called once per item and says when `size` items have passed
 * since the last slice ended; the caller then awaits `letOthersIn()`, so no slice holds the process
 * for more than a few milliseconds.
 */
export function slices(size = 1000): () => boolean {
  let done = 0;
  return () => ++done % size === 0;
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
