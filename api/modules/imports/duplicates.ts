import { letOthersIn, slices } from '../../lib/work-in-slices.ts';
import { words } from '../suggestions/suggestion-scoring.ts';
import type { FileRow } from './cells.ts';
import { directionOf, type Direction } from './movement.ts';

/**
 * Matching a file's rows with records already there (docs/product.md#matching-what-you-typed): a
 * row matches an existing record with the same statement id (FITID), or moving the same amount the
 * same way, dated within ±3 days, whatever the descriptions say: the nearest date first, and
 * between records of one day the one worded like the row. Each existing record answers for one row
 * at most, so two identical coffees on a statement match two existing ones, not one twice.
 *
 * The cost is linear in rows and records, whatever they hold: records are indexed by direction,
 * amount and day, and within a day by their description's words, so a row finds a record worded as
 * it is at once, and compares its words with at most MAX_COMPARED differently worded records.
 */

export const DUPLICATE_DAYS = 3;
/** How many differently worded records of its amount and days one row is compared with, the nearest first. */
export const MAX_COMPARED = 16;

/** What an existing record is: a transaction's kind, a paycheck, or a transfer (one side of it). */
export type RecordKind = 'expense' | 'refund' | 'paycheck' | 'transfer';

/** An existing transaction, paycheck or transfer side of the user (a paycheck's or transfer's description is its notes). */
export interface ExistingRecord {
  id: string;
  kind: RecordKind;
  /** Which way it moves its account's money. */
  direction: Direction;
  amount: string;
  date: string;
  description: string | null;
  fitid: string | null;
  /** Entered by the user, not by an import or a schedule. */
  enteredByHand: boolean;
  /** Its account (read for a transfer's other side). */
  accountId?: string | null;
}

export const dayNumber = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

/**
 * Similar: one's words all in the other's ("Starbucks" and "STARBUCKS STORE 123"), or at least
 * half of the longer one's words shared (the suggestions' shared-word ratio). A record without a
 * description (a paycheck without notes) is similar to any.
 */
export function similarDescriptions(a: Set<string>, b: Set<string>): boolean {
  if (a.size === 0 || b.size === 0) return true;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const w of small) if (large.has(w)) shared++;
  return shared === small.size || shared / large.size >= 0.5;
}

/** The records of one direction, amount and day worded alike (the same words), not yet taken, in the order read. */
interface Wording {
  key: string;
  /** Its words, read when it is first compared. */
  words?: Set<string>;
  records: ExistingRecord[];
  next: number;
}
/** One direction, amount and day: its records by their words' key ('' for none, which any row is similar to). */
type Day = Map<string, Wording>;

/** A description's words as one key: descriptions with the same words in the same order share it. */
const wordsKey = (text: string) => [...words(text)].join(' ');
const wordsOf = (key: string) => new Set(key ? key.split(' ') : []);

export interface MatchOptions {
  /** How many days apart a row and its record may be. */
  days?: number;
  /** Whether a row's words and a record's are alike: it decides between records of one day only. */
  similar?: (row: Set<string>, record: Set<string>) => boolean;
  /** The direction a row's record moves: the row's own (a record of its account), or the opposite (a transfer's other side). */
  direction?: (row: FileRow) => Direction;
}

/**
 * The existing record each row matches, by row index; rows without a date or amount match
 * nothing. FITIDs first; then every row takes the nearest-dated record still free (all pairs of one
 * day before any a day apart, and so on), so a record goes to the row of its own day wherever that
 * row is in the file; on a day, a record worded as the row (or alike) comes before the others, for
 * every row, before any row takes a record worded otherwise.
 * Runs in slices (api/lib/work-in-slices.ts): a file of a hundred thousand rows holds no one up.
 */
export async function findDuplicates(
  rows: FileRow[],
  existing: ExistingRecord[],
  { days: within = DUPLICATE_DAYS, similar = similarDescriptions, direction = directionOf }: MatchOptions = {},
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

  // Direction and amount → day number → the day's records by wording.
  const byAmount = new Map<string, Map<number, Day>>();
  for (const record of existing) {
    if (taken.has(record.id)) continue;
    const amountKey = `${record.direction} ${record.amount}`;
    let days = byAmount.get(amountKey);
    if (!days) byAmount.set(amountKey, (days = new Map()));
    const dayNo = dayNumber(record.date);
    let day = days.get(dayNo);
    if (!day) days.set(dayNo, (day = new Map()));
    const wording = wordsKey(record.description ?? '');
    const alike = day.get(wording);
    if (alike) alike.records.push(record);
    else day.set(wording, { key: wording, records: [record], next: 0 });
    if (sliceEnds()) await letOthersIn();
  }

  const open: { row: FileRow; days: Map<number, Day>; day: number; wording: string; words?: Set<string>; compared: number }[] = [];
  for (const row of rows) {
    if (sliceEnds()) await letOthersIn();
    const days = row.kind && row.amount ? byAmount.get(`${direction(row)} ${row.amount}`) : undefined;
    if (!days || found.has(row.index) || !row.date) continue;
    open.push({ row, days, day: dayNumber(row.date), wording: wordsKey(row.description), compared: 0 });
  }
  for (let distance = 0; distance <= within; distance++) {
    for (const alikeOnly of [true, false]) {
      for (const candidate of open) {
        if (sliceEnds()) await letOthersIn();
        if (found.has(candidate.row.index)) continue;
        for (let side = distance === 0 ? 1 : -1; side <= 1; side += 2) {
          const on = candidate.day + side * distance;
          const day = candidate.days.get(on);
          if (!day) continue;
          const pick = alikeOnly ? alikeIn(day, candidate, similar) : day.values().next().value;
          if (!pick) continue;
          found.set(candidate.row.index, pick.records[pick.next++]!);
          if (pick.next === pick.records.length) day.delete(pick.key);
          if (day.size === 0) candidate.days.delete(on);
          break;
        }
      }
    }
  }
  return found;
}

/**
 * The records of a day worded as the row, or without words (alike to any), found without
 * comparing; else the first of at most MAX_COMPARED (for the row, over all its days) whose words
 * are similar.
 */
function alikeIn(
  day: Day,
  candidate: { wording: string; words?: Set<string>; compared: number },
  similar: (row: Set<string>, record: Set<string>) => boolean,
): Wording | undefined {
  const pick = day.get(candidate.wording) ?? day.get('') ?? (candidate.wording === '' ? day.values().next().value : undefined);
  if (pick) return pick;
  for (const alike of day.values()) {
    if (candidate.compared >= MAX_COMPARED) return undefined;
    candidate.compared++;
    if (similar((candidate.words ??= wordsOf(candidate.wording)), (alike.words ??= wordsOf(alike.key)))) return alike;
  }
  return undefined;
}
