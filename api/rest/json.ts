import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { Decimal, toWireMoney } from '../lib/money.ts';
import { formatCalendarDate } from '../lib/dates.ts';
import { REST_FLAGS, toFlag } from '../lib/flags.ts';
import { jsonInSlices } from '../lib/json-in-slices.ts';

/** A model's record as REST writes it (its shape is the model's OpenAPI component). */
export type RowJson = Record<string, unknown>;

/**
 * A row as REST JSON: money as a two-decimal string, the named date-only fields as
 * "YYYY-MM-DD", other dates as ISO timestamps, the spec's yes/no columns as 0/1 (its shape);
 * everything else as it is.
 */
export function rowJson<T extends object>(row: T, dateOnly: readonly (keyof T)[] = []): RowJson {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => {
      if (value instanceof Decimal) return [key, toWireMoney(value)];
      if (typeof value === 'boolean' && REST_FLAGS.has(key)) return [key, toFlag(value)];
      if (value instanceof Date) return [key, dateOnly.includes(key as keyof T) ? formatCalendarDate(value) : value.toISOString()];
      return [key, value];
    }),
  );
}

/**
 * Answers 200 with `value` as JSON written in slices (api/lib/json-in-slices.ts): for answers of
 * many megabytes. A client gone before the end stops the writing, and is no error of the server's.
 */
export async function sendJsonInSlices(res: Response, value: unknown) {
  res.status(200).type('json');
  try {
    await pipeline(Readable.from(jsonInSlices(value)), res);
  } catch (err) {
    if (!res.destroyed) throw err;
  }
}
