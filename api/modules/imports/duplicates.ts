import { letOthersIn, slices } from '../../lib/work-in-slices.ts';
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
 * description (a paycheck without notes) is similar to any. The row's words as a list, the
 * record's as its key (`wordsKey`): each word once in either, so nothing is made to compare them
 * (a row is compared with up to 16 records; Sets made for each were a third of the matching).
 */
export function similarDescriptions(row: readonly string[], record: string): boolean {
  if (row.length === 0 || record === '') return true;
  let size = 1;
  for (let i = 0; i < record.length; i++) if (record.charCodeAt(i) === 32) size++;
  let shared = 0;
  for (const w of row) if (hasWord(record, w)) shared++;
  return shared === Math.min(row.length, size) || shared / Math.max(row.length, size) >= 0.5;
}

/** Whether a words key has `word` as one of its words. */
function hasWord(key: string, word: string) {
  for (let at = key.indexOf(word); at >= 0; at = key.indexOf(word, at + 1)) {
    const end = at + word.length;
    if ((at === 0 || key.charCodeAt(at - 1) === 32) && (end === key.length || key.charCodeAt(end) === 32)) return true;
  }
  return false;
}

/**
 * A words key's words as bits of a number, one bit per word (by a hash of it): two keys whose bits
 * do not meet share no word. Most of a row's comparisons are with records worded otherwise.
 */
function wordBits(key: string): number {
  let [bits, hash] = [0, 0];
  for (let i = 0; i <= key.length; i++) {
    const c = i < key.length ? key.charCodeAt(i) : 32;
    if (c !== 32) hash = (hash * 31 + c) | 0;
    else [bits, hash] = [bits | (1 << (hash & 31)), 0];
  }
  return bits;
}

/** The records of one direction, amount and day worded alike (the same words), not yet taken, in the order read. */
interface Wording {
  key: string;
  /** Its words' bits (`wordBits`), made when it is first compared. */
  bits?: number;
  records: ExistingRecord[];
  next: number;
}
/** One direction, amount and day: its records by their words' key ('' for none, which any row is similar to). */
type Day = Map<string, Wording>;
/** A row still to match: its records' days, its day and words, how many wordings it compared, and whether it has a record. */
interface Candidate {
  row: FileRow;
  days: Map<number, Day>;
  day: number;
  wording: string;
  /** Its words and their bits, made when it is first compared. */
  words?: string[];
  bits?: number;
  compared: number;
  matched: boolean;
}

/**
 * A description's words as one key: descriptions with the same words in the same order share it.
 * The words are the suggestions' (`words`, suggestion-scoring.ts: runs of two or more letters or
 * digits, lower case, the first 50, each once), read by a character loop when the text is ASCII: a
 * Unicode regular expression was most of the key's cost, for 200,000 texts in a large import
 * (docs/performance.md#imports).
 */
export function wordsKey(text: string): string {
  const list = isAscii(text) ? asciiWords(text) : (text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? []).slice(0, 50);
  return onceEach(list).join(' ');
}

const isAscii = (text: string) => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false;
  return true;
};

/** A letter or digit of ASCII. */
const alphanumeric = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** The runs of two or more letters or digits of an ASCII text, lower case, the first 50. */
function asciiWords(text: string): string[] {
  const list: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length && list.length < 50; i++) {
    if (i < text.length && alphanumeric(text.charCodeAt(i))) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start >= 2) list.push(text.slice(start, i).toLowerCase());
      start = -1;
    }
  }
  return list;
}

/** The words without repeats, the first of each kept (as a Set keeps them): a description has a few words, compared pairwise. */
function onceEach(list: string[]): string[] {
  for (let i = 1; i < list.length; i++) for (let j = 0; j < i; j++) if (list[i] === list[j]) return [...new Set(list)];
  return list;
}

export interface MatchOptions {
  /** How many days apart a row and its record may be. */
  days?: number;
  /** Whether a row's words and a record's are alike: it decides between records of one day only. */
  similar?: (row: readonly string[], record: string) => boolean;
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

  // Direction → amount → day number → the day's records by wording (maps by direction, not a key
  // made of both: making and hashing a new string per row and record cost more than the look-up).
  const byAmount = { out: new Map<string, Map<number, Day>>(), in: new Map<string, Map<number, Day>>() };
  for (const record of existing) {
    if (taken.has(record.id)) continue;
    const amounts = byAmount[record.direction];
    let days = amounts.get(record.amount);
    if (!days) amounts.set(record.amount, (days = new Map()));
    const dayNo = dayNumber(record.date);
    let day = days.get(dayNo);
    if (!day) days.set(dayNo, (day = new Map()));
    const wording = wordsKey(record.description ?? '');
    const alike = day.get(wording);
    if (alike) alike.records.push(record);
    else day.set(wording, { key: wording, records: [record], next: 0 });
    if (sliceEnds()) await letOthersIn();
  }

  const open: Candidate[] = [];
  for (const row of rows) {
    if (sliceEnds()) await letOthersIn();
    const days = row.kind && row.amount ? byAmount[direction(row)].get(row.amount) : undefined;
    if (!days || found.has(row.index) || !row.date) continue;
    open.push({ row, days, day: dayNumber(row.date), wording: wordsKey(row.description), compared: 0, matched: false });
  }
  for (let distance = 0; distance <= within; distance++) {
    for (const alikeOnly of [true, false]) {
      for (const candidate of open) {
        if (sliceEnds()) await letOthersIn();
        // A flag, not a look-up in `found`: eight passes over 100,000 rows in a map of as many was a fifth of the matching.
        if (candidate.matched) continue;
        for (let side = distance === 0 ? 1 : -1; side <= 1; side += 2) {
          const on = candidate.day + side * distance;
          const day = candidate.days.get(on);
          if (!day) continue;
          const pick = alikeOnly ? alikeIn(day, candidate, similar) : day.values().next().value;
          if (!pick) continue;
          found.set(candidate.row.index, pick.records[pick.next++]!);
          candidate.matched = true;
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
function alikeIn(day: Day, candidate: Candidate, similar: (row: readonly string[], record: string) => boolean): Wording | undefined {
  const pick = day.get(candidate.wording) ?? day.get('') ?? (candidate.wording === '' ? day.values().next().value : undefined);
  if (pick || candidate.compared >= MAX_COMPARED) return pick;
  // Descriptions that share no word are not similar: told by their words' bits, without comparing words.
  const shareless = similar === similarDescriptions;
  for (const alike of day.values()) {
    if (candidate.compared >= MAX_COMPARED) return undefined;
    candidate.compared++;
    if (shareless && ((candidate.bits ??= wordBits(candidate.wording)) & (alike.bits ??= wordBits(alike.key))) === 0) continue;
    if (similar((candidate.words ??= candidate.wording ? candidate.wording.split(' ') : []), alike.key)) return alike;
  }
  return undefined;
}
