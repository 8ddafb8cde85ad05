import { sharedWordRatio, words } from '../suggestions/suggestion-scoring.ts';
import type { FileRow } from './cells.ts';

/**
 * Duplicate detection (docs/product.md#import): a row duplicates an existing record with the same
 * statement id (FITID), or of the same kind and amount, dated within ±3 days, with a similar
 * description. Each existing record answers for one row at most, so two identical coffees on a
 * statement match two existing ones, not one twice. Lookups go through maps: no query per row.
 */

export const DUPLICATE_DAYS = 3;

/** An existing transaction or paycheck of the user (a paycheck's description is its notes). */
export interface ExistingRecord {
  id: string;
  kind: 'transaction' | 'paycheck';
  amount: string;
  date: string;
  description: string | null;
  fitid: string | null;
}

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

/**
 * Similar: one's words all in the other's ("Starbucks" and "STARBUCKS STORE 123"), or at least
 * half of the longer one's words shared. A record without a description (a paycheck without
 * notes) is similar to any.
 */
export function similarDescriptions(a: Set<string>, b: Set<string>): boolean {
  if (a.size === 0 || b.size === 0) return true;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if ([...small].every((w) => large.has(w))) return true;
  return sharedWordRatio(a, b) >= 0.5;
}

/** The existing record each row duplicates, by row index; rows without a date or amount duplicate nothing. */
export function findDuplicates(rows: FileRow[], existing: ExistingRecord[]): Map<number, ExistingRecord> {
  const byFitid = new Map<string, ExistingRecord>();
  const byAmount = new Map<string, { record: ExistingRecord; day: number; words: Set<string> | null }[]>();
  for (const record of existing) {
    if (record.fitid) byFitid.set(record.fitid, record);
    const key = `${record.kind} ${record.amount}`;
    const list = byAmount.get(key) ?? [];
    list.push({ record, day: dayNumber(record.date), words: null });
    byAmount.set(key, list);
  }
  const used = new Set<string>();
  const found = new Map<number, ExistingRecord>();
  for (const row of rows) {
    if (row.fitid && byFitid.has(row.fitid)) {
      const record = byFitid.get(row.fitid)!;
      found.set(row.index, record);
      used.add(record.id);
      continue;
    }
    if (!row.date || !row.amount || !row.kind) continue;
    const candidates = byAmount.get(`${row.kind} ${row.amount}`);
    if (!candidates) continue;
    const day = dayNumber(row.date);
    const rowWords = words(row.description);
    let best: { record: ExistingRecord; distance: number } | null = null;
    for (const c of candidates) {
      const distance = Math.abs(c.day - day);
      if (distance > DUPLICATE_DAYS || used.has(c.record.id) || (best && distance >= best.distance)) continue;
      c.words ??= words(c.record.description ?? '');
      if (similarDescriptions(rowWords, c.words)) best = { record: c.record, distance };
    }
    if (best) {
      found.set(row.index, best.record);
      used.add(best.record.id);
    }
  }
  return found;
}
