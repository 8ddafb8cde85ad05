import { setImmediate as immediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { jsonInSlices, jsonStream } from './json-in-slices.ts';

const collect = async (pieces: AsyncIterable<string>) => {
  let text = '';
  for await (const piece of pieces) text += piece;
  return text;
};

describe('JSON in slices', () => {
  it('writes what JSON.stringify writes', async () => {
    const values = [
      null,
      'x',
      [],
      {},
      { a: 1, skipped: undefined, f: () => 1, date: new Date(0), nested: { list: [1, 'two', null, undefined] } },
      { format: 'csv', mapping: null, rows: Array.from({ length: 2500 }, (_, i) => ({ index: i, text: `"${i}"\n`, gone: undefined })) },
      Array.from({ length: 1001 }, (_, i) => (i % 2 ? { i } : undefined)),
    ];
    for (const value of values) expect(await collect(jsonInSlices(value))).toBe(JSON.stringify(value));
    const stream = jsonStream(values[5]);
    expect(await new Response(stream).text()).toBe(JSON.stringify(values[5]));
  });

  it('lets others in between the slices of a long array', async () => {
    let turns = 0;
    let counting = true;
    const count = async () => {
      while (counting) {
        turns++;
        await immediate();
      }
    };
    void count();
    await collect(jsonInSlices({ rows: Array.from({ length: 10_000 }, (_, i) => ({ i })) }));
    counting = false;
    expect(turns).toBeGreaterThanOrEqual(10);
  });
});
