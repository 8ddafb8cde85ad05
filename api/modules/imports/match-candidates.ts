import { letOthersIn, slices } from '../../lib/work-in-slices.ts';
import type { FileRow } from './cells.ts';
import { DUPLICATE_DAYS, dayNumber, type ExistingRecord } from './duplicates.ts';
import { directionOf } from './movement.ts';

/**
 * The records a row left unmatched could be matched with by hand (docs/product.md#matching-what-you-typed):
 * of the account, moving money the same way, dated within ±3 days, matched by no row; the closest
 * amounts first (a tip added to what was typed), then the nearest days. A row looks at most at
 * SCANNED records, so the cost stays linear in rows whatever the days hold.
 */

export const MAX_CANDIDATES = 3;
const SCANNED = 64;

/** An amount of two decimals ("12.34") in cents, exactly. */
const cents = (amount: string) => BigInt(amount.replace('.', ''));
const distance = (a: bigint, b: bigint) => (a > b ? a - b : b - a);

export async function matchCandidates(
  rows: FileRow[],
  existing: ExistingRecord[],
  taken: Set<string>,
): Promise<Map<number, ExistingRecord[]>> {
  const sliceEnds = slices();
  const byDay = new Map<string, ExistingRecord[]>();
  for (const record of existing) {
    if (taken.has(record.id)) continue;
    const key = `${record.direction} ${dayNumber(record.date)}`;
    const day = byDay.get(key);
    if (day) day.push(record);
    else byDay.set(key, [record]);
  }
  const found = new Map<number, ExistingRecord[]>();
  if (byDay.size === 0) return found;
  for (const row of rows) {
    if (sliceEnds()) await letOthersIn();
    if (!row.date || !row.amount || !row.kind || row.error) continue;
    const [day, amount, direction] = [dayNumber(row.date), cents(row.amount), directionOf(row)];
    const seen: { record: ExistingRecord; off: bigint; days: number }[] = [];
    for (let d = 0; d <= DUPLICATE_DAYS && seen.length < SCANNED; d++) {
      for (const on of d === 0 ? [day] : [day - d, day + d]) {
        for (const record of byDay.get(`${direction} ${on}`) ?? []) {
          if (seen.length >= SCANNED) break;
          seen.push({ record, off: distance(cents(record.amount), amount), days: d });
        }
      }
    }
    if (seen.length === 0) continue;
    seen.sort((a, b) => (a.off === b.off ? a.days - b.days : a.off < b.off ? -1 : 1));
    found.set(
      row.index,
      seen.slice(0, MAX_CANDIDATES).map((s) => s.record),
    );
  }
  return found;
}
