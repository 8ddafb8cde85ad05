import { TZDate } from '@date-fns/tz';

/**
 * Date-only values (a paycheck's date, a due date) are kept as the start of that calendar day in
 * UTC and compared as calendar days. "Today" is the calendar day in the user's time zone.
 */

/** "2026-11-22" for a stored date-only value. */
export function formatCalendarDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Names already found valid: checking builds an Intl.DateTimeFormat, and every request sends one (docs/performance.md#the-fresh-path). */
const knownTimeZones = new Set<string>();

export function isTimeZone(tz: string): boolean {
  if (knownTimeZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    return false;
  }
  if (knownTimeZones.size >= 1000) knownTimeZones.clear(); // spellings are many ("utc", "Utc"…): stay small
  knownTimeZones.add(tz);
  return true;
}

/** Today's calendar day in `timeZone`, as UTC midnight. */
export function today(timeZone: string, now = new Date()): Date {
  const local = new TZDate(now, timeZone);
  return new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()));
}

/** The current calendar month in `timeZone`: [first day, first day of next month). */
export function currentMonth(timeZone: string, now = new Date()) {
  const t = today(timeZone, now);
  const start = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1));
  const end = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 1));
  return { start, end };
}

/** `date` plus `days` calendar days (UTC arithmetic, so no daylight-saving shifts). */
export function addCalendarDays(date: Date, days: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + days));
}

/**
 * `date` plus `months` calendar months, on `day` of the month (default: `date`'s own day),
 * clamped to the month's last day: Jan 31 + 1 month = Feb 28 (or 29).
 */
export function addCalendarMonths(date: Date, months: number, day = date.getUTCDate()): Date {
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, lastDay)));
}
