import { setImmediate as immediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { mapInSlices, settledInSlices, slices } from './work-in-slices.ts';

/** Counts the turns of the event loop while `work` runs. */
async function turnsDuring(work: () => Promise<unknown>) {
  let turns = 0;
  let counting = true;
  void (async () => {
    while (counting) {
      turns++;
      await immediate();
    }
  })();
  await work();
  counting = false;
  return turns;
}

describe('work in slices', () => {
  it('ends a slice every `size` items, or once `ms` have passed', () => {
    const ends = slices(3, 1_000_000);
    expect(Array.from({ length: 7 }, () => ends())).toEqual([false, false, true, false, false, true, false]);
    const slow = slices(1_000_000, 0);
    expect(Array.from({ length: 64 }, () => slow()).filter(Boolean).length).toBe(2);
  });

  it('maps in slices, letting others in between them', async () => {
    let mapped: number[] = [];
    const turns = await turnsDuring(async () => (mapped = await mapInSlices([...Array(5000).keys()], (n) => n * 2, 1000)));
    expect(mapped.slice(0, 3)).toEqual([0, 2, 4]);
    expect(mapped).toHaveLength(5000);
    expect(turns).toBeGreaterThanOrEqual(5);
  });

  it('settles items a slice per turn', async () => {
    const seen: number[] = [];
    const settled = settledInSlices([...Array(3000).keys()], 1000);
    const turns = await turnsDuring(() => Promise.all(settled.map((p) => p.then((n) => seen.push(n)))));
    expect(seen).toEqual([...Array(3000).keys()]);
    expect(turns).toBeGreaterThanOrEqual(2);
  });
});
