/** Dates arrive as "YYYY-MM-DD" calendar days; they are shown as written, never shifted by time zone. */
const LONG = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function utc(day: string) {
  return new Date(`${day.slice(0, 10)}T00:00:00Z`);
}

/** "November 22, 2026" */
export function formatLongDate(day: string): string {
  return LONG.format(utc(day));
}

/** "Nov 22, 2026" */
export function formatShortDate(day: string): string {
  return SHORT.format(utc(day));
}

/** "Oct 24 – Nov 23, 2026": the first through the last day of a range, the shared parts once. */
export function formatDateRange(from: string, to: string): string {
  return SHORT.formatRange(utc(from), utc(to));
}

/** Today's calendar day in the browser's time zone, "YYYY-MM-DD" (a form's default date). */
export function todayString(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "November 2026" for "2026-11". */
export function formatMonth(month: string): string {
  return MONTH.format(utc(`${month}-01`));
}

/** The calendar month `by` months from `month`: "2026-12" + 1 is "2027-01". */
export function shiftMonth(month: string, by: number): string {
  const [year = 0, monthNumber = 1] = month.split('-').map((part) => Number.parseInt(part, 10));
  const date = new Date(Date.UTC(year, monthNumber - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}

/** "5 minutes ago", "in 30 days", "Nov 24, 2026" beyond a month. */
export function relativeTime(iso: string, now = Date.now()) {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs > 31 * 24 * 3600) return `on ${new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}`;
  if (abs < 60) return 'just now';
  const format = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
  for (const [unit, size] of [
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ] as const) {
    if (abs >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}
