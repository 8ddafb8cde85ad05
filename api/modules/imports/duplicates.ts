import { letOthersIn, slices } from '../../lib/let-others-in.ts';
import { sharedWordRatio, words } from '../suggestions/suggestion-scoring.ts';
import type { FileRow } from './cells.ts';

/**
 * Duplicate detection (docs/product.md#import): a row duplicates an existing record with the same
 * statement id (FITID), or of the same kind and amount, dated within ±3 days, with a similar
 * description. Each existing record answers for one row at most, so two identical coffees on a
 * statement match two existing ones, not one twice.
 *
 * The cost is linear in rows and records, whatever they hold: records are indexed by kind, amount
 * and day, and within a day by their description's words, so a row finds a record worded as it is
 * at once, and compares its words with at most MAX_COMPARED differently worded records.
 */

export const DUPLICATE_DAYS = 3;
/** How many differently worded records of its amount and days one row is compared with, the nearest first. */
export const MAX_COMPARED = 32;

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
  let shared = 0;
  for (const w of small) if (large.has(w)) shared++;
  return shared === small.size || sharedWordRatio(a, b) >= 0.5;
}

/** The records of one kind, amount and day worded alike (the same words), not yet taken, in the order read. */
interface Wording {
  key: string;
  words: Set<string>;
  records: ExistingRecord[];
  next: number;
}
/** One kind, amount and day: its records by their words' key ('' for none, which any row is similar to). */
type Day = Map<string, Wording>;

const wordsKey = (set: Set<string>) => [...set].sort().join(' ');

/**
 * The existing record each row duplicates, by row index; rows without a date or amount duplicate
 * nothing. FITIDs first; then every row takes the nearest-dated similar record still free (all
 * pairs of one day before any a day apart, and so on), so a record goes to the row of its own day
 * wherever that row is in the file; on a day, a record worded as the row comes before the others.
 * Runs in slices (api/lib/let-others-in.ts): a file of a hundred thousand rows holds no one up.
 */
export async function findDuplicates(
  rows: FileRow[],
  existing: ExistingRecord[],
  similar: (row: Set<string>, record: Set<string>) => boolean = similarDescriptions,
): Promise<Map<number, ExistingRecord>> {
  const sliceEnds = slices();
  const found = new Map<number, ExistingRecord>();
  const taken = new Set<string>();
  const byFitid = new Map<string, ExistingRecord>();
  for (const record of existing) if (record.fitid && !byFitid.has(record.fitid)) byFitid.set(record.fitid, record);
  for (const row of rows) {
    const record = row.fitid ? byFitid.get(row.fitid) : undefined;
    if (record && !taken.has(record.id)) {
      found.set(row.index, record);
      taken.add(record.id);
    }
  }

  const days = new Map<string, Day>();
  const dayKey = (kind: string, amount: string, day: number) => `${kind} ${amount} ${day}`;
  for (const record of existing) {
    if (taken.has(record.id)) continue;
    const key = dayKey(record.kind, record.amount, dayNumber(record.date));
    const set = words(record.description ?? '');
    const wording = wordsKey(set);
    let day = days.get(key);
    if (!day) days.set(key, (day = new Map()));
    const alike = day.get(wording);
    if (alike) alike.records.push(record);
    else day.set(wording, { key: wording, words: set, records: [record], next: 0 });
    if (sliceEnds()) await letOthersIn();
  }

  const open: { row: FileRow; key: string; day: number; words: Set<string>; wording: string; compared: number }[] = [];
  for (const row of rows) {
    if (sliceEnds()) await letOthersIn();
    if (found.has(row.index) || !row.date || !row.amount || !row.kind) continue;
    const set = words(row.description);
    open.push({ row, key: `${row.kind} ${row.amount}`, day: dayNumber(row.date), words: set, wording: wordsKey(set), compared: 0 });
  }
  for (let distance = 0; distance <= DUPLICATE_DAYS; distance++) {
    for (const candidate of open) {
      if (found.has(candidate.row.index)) continue;
      for (const on of distance === 0 ? [candidate.day] : [candidate.day - distance, candidate.day + distance]) {
        const key = `${candidate.key} ${on}`;
        const day = days.get(key);
        if (!day) continue;
        // Worded as the row, or without words (similar to any): found without comparing.
        let pick = day.get(candidate.wording) ?? day.get('') ?? (candidate.words.size === 0 ? day.values().next().value : undefined);
        if (!pick) {
          for (const alike of day.values()) {
            if (candidate.compared >= MAX_COMPARED) break;
            candidate.compared++;
            if (similar(candidate.words, alike.words)) {
              pick = alike;
              break;
            }
          }
        }
        if (!pick) continue;
        found.set(candidate.row.index, pick.records[pick.next++]!);
        if (pick.next === pick.records.length) day.delete(pick.key);
        if (day.size === 0) days.delete(key);
        break;
      }
      if (sliceEnds()) await letOthersIn();
    }
  }
  return found;
}
