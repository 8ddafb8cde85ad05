import { addCalendarDays, addCalendarMonths, today } from '../../lib/dates.ts';

export const REPORT_PERIODS = ['WEEK', 'MONTH', 'YEAR'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/**
 * The calendar days a report covers (docs/product.md#reports: the last 7 days, the last one month, the last one
 * year, ending today in the user's time zone): from the day after `today − period` through
 * today, as the half-open range [from, to) of stored UTC-midnight dates. A week is 7 days
 * including today; a month on Mar 31 starts on Mar 1 (Feb 28 + 1 day).
 */
export function reportWindow(period: ReportPeriod, timeZone: string, now = new Date()) {
  const t = today(timeZone, now);
  const back = period === 'WEEK' ? addCalendarDays(t, -7) : addCalendarMonths(t, period === 'MONTH' ? -1 : -12);
  return { from: addCalendarDays(back, 1), to: addCalendarDays(t, 1) };
}

/** The period's word in export file names: weekly, monthly, yearly. */
export const PERIOD_WORD: Record<ReportPeriod, string> = { WEEK: 'weekly', MONTH: 'monthly', YEAR: 'yearly' };
