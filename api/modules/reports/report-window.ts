import { addCalendarDays, addCalendarMonths, currentMonth, formatCalendarDate, today } from '../../lib/dates.ts';
import { parseInput } from '../../lib/validate.ts';
import { reportWindowInput } from '../../../shared/inputs/reports.ts';

export const REPORT_PERIODS = ['WEEK', 'MONTH', 'YEAR'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/**
 * What a window is asked as: a period `offset` whole periods back (0, the default, is the spec's
 * window ending today), a custom range of calendar days (`to` inclusive), or the last `months`
 * calendar months ending with the current one (the trend).
 */
export type WindowSpec = { period: ReportPeriod; offset?: number } | { from: Date; to: Date } | { months: number };

/** Calendar days as the half-open range [from, to) of stored UTC-midnight dates, and how it was asked. */
export interface ReportWindow {
  from: Date;
  to: Date;
  /** The period of a period window; null for a custom range or months. */
  period: ReportPeriod | null;
  /** Whole periods back for a period window (0 ends today); null otherwise. */
  offset: number | null;
}

/**
 * The one computation of the days a report, its exports and the trend cover (docs/product.md#reports),
 * in the user's time zone. A period window with offset k ends k periods from today — k weeks of 7
 * days, or k months / 12k months of calendar arithmetic from today (clamped to the month's last
 * day) — and starts the day after the end of window k − 1, so windows tile with no gap or overlap.
 * Offset 0 is the spec's window: the last 7 days, or from the day after this day last month/year
 * through today (a month on Mar 31 starts on Mar 1, Feb 28 + 1 day). A period alone is offset 0.
 */
export function reportWindow(spec: ReportPeriod | WindowSpec, timeZone: string, now = new Date()): ReportWindow {
  const s: WindowSpec = typeof spec === 'string' ? { period: spec } : spec;
  if ('months' in s) {
    const month = currentMonth(timeZone, now);
    return { from: addCalendarMonths(month.start, 1 - s.months), to: month.end, period: null, offset: null };
  }
  if ('from' in s) return { from: s.from, to: addCalendarDays(s.to, 1), period: null, offset: null };
  const t = today(timeZone, now);
  const offset = s.offset ?? 0;
  const end = (k: number) =>
    s.period === 'WEEK' ? addCalendarDays(t, 7 * k) : addCalendarMonths(t, (s.period === 'MONTH' ? 1 : 12) * k, t.getUTCDate());
  return { from: addCalendarDays(end(offset - 1), 1), to: addCalendarDays(end(offset), 1), period: s.period, offset };
}

/**
 * The window of a report or export request: `period` with the input's `offset` (default 0), or the
 * input's custom `from`–`to`, checked with the shared rules (shared/inputs/reports.ts); and the
 * account it names, not yet checked as the viewer's.
 */
export function requestedWindow(period: ReportPeriod, input: unknown, timeZone: string, now = new Date()) {
  const w = parseInput(reportWindowInput, input ?? {});
  const spec: WindowSpec = w.from && w.to ? { from: new Date(w.from), to: new Date(w.to) } : { period, offset: w.offset };
  return { window: reportWindow(spec, timeZone, now), accountId: w.accountId };
}

/** The last day a window covers (its `to` is the day after). */
export const lastDay = (w: { to: Date }) => addCalendarDays(w.to, -1);

/** Whether the window is the spec's: a period ending today, which keeps the spec's export file names. */
export const isSpecWindow = (w: ReportWindow) => w.period !== null && w.offset === 0;

/** "2026-01-01_to_2026-03-31": a window's days in export file names. */
export const windowDays = (w: ReportWindow) => `${formatCalendarDate(w.from)}_to_${formatCalendarDate(lastDay(w))}`;

/** The period's word in export file names: weekly, monthly, yearly. */
export const PERIOD_WORD: Record<ReportPeriod, string> = { WEEK: 'weekly', MONTH: 'monthly', YEAR: 'yearly' };
