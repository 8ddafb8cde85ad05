import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from '../../lib/dates.ts';
import { isRecurrenceDate, recurrenceDateAfter, recurrenceDates, type Recurrence } from '../bills/due-dates.ts';

const d = (s: string) => new Date(`${s}T00:00:00Z`);
/** The first `n` dates of a rule, as YYYY-MM-DD. */
function first(n: number, rule: Omit<Recurrence, 'startDate' | 'endDate'> & { startDate: string; endDate?: string }) {
  const out: string[] = [];
  for (const date of recurrenceDates({ ...rule, startDate: d(rule.startDate), endDate: rule.endDate ? d(rule.endDate) : null })) {
    out.push(formatCalendarDate(date));
    if (out.length === n) break;
  }
  return out;
}

describe("a schedule's dates", () => {
  it('weekly, every two weeks and every N days step from the start, across month and year ends', () => {
    expect(first(3, { frequency: 'weekly', startDate: '2026-12-24' })).toEqual(['2026-12-24', '2026-12-31', '2027-01-07']);
    expect(first(3, { frequency: 'biweekly', startDate: '2028-02-15' })).toEqual(['2028-02-15', '2028-02-29', '2028-03-14']);
    expect(first(4, { frequency: 'every_n_days', interval: 10, startDate: '2026-02-20' })).toEqual([
      '2026-02-20',
      '2026-03-02',
      '2026-03-12',
      '2026-03-22',
    ]);
  });

  it('monthly on a day: 31 is the last day of each month, never drifting after a short month', () => {
    expect(first(5, { frequency: 'monthly', dayOfMonth: 31, startDate: '2026-01-01' })).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    expect(first(2, { frequency: 'monthly', dayOfMonth: 31, startDate: '2028-02-01' })).toEqual(['2028-02-29', '2028-03-31']);
    expect(first(3, { frequency: 'monthly', dayOfMonth: 30, startDate: '2027-01-30' })).toEqual(['2027-01-30', '2027-02-28', '2027-03-30']);
    // A day before the start's: the first date is next month's.
    expect(first(2, { frequency: 'monthly', dayOfMonth: 5, startDate: '2026-11-20' })).toEqual(['2026-12-05', '2027-01-05']);
    // No day given: the start date's own day.
    expect(first(2, { frequency: 'monthly', startDate: '2026-01-31' })).toEqual(['2026-01-31', '2026-02-28']);
  });

  it('twice a month on two days, in order whatever order they were given, the 31st clamped', () => {
    expect(first(5, { frequency: 'semimonthly', days: [15, 1], startDate: '2026-01-10' })).toEqual([
      '2026-01-15',
      '2026-02-01',
      '2026-02-15',
      '2026-03-01',
      '2026-03-15',
    ]);
    expect(first(4, { frequency: 'semimonthly', days: [15, 31], startDate: '2028-02-01' })).toEqual([
      '2028-02-15',
      '2028-02-29',
      '2028-03-15',
      '2028-03-31',
    ]);
  });

  it('yearly: Feb 29 falls on Feb 28 in other years and comes back in leap years', () => {
    expect(first(5, { frequency: 'yearly', startDate: '2028-02-29' })).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
  });

  it('ends at the end date or after the number of times', () => {
    expect(first(10, { frequency: 'weekly', startDate: '2026-01-01', endDate: '2026-01-22' })).toEqual([
      '2026-01-01',
      '2026-01-08',
      '2026-01-15',
      '2026-01-22',
    ]);
    expect(first(10, { frequency: 'semimonthly', days: [1, 15], startDate: '2026-01-01', occurrences: 3 })).toEqual([
      '2026-01-01',
      '2026-01-15',
      '2026-02-01',
    ]);
  });

  it('finds the date after another, and whether a day is one of its dates', () => {
    const rule: Recurrence = { frequency: 'monthly', dayOfMonth: 31, startDate: d('2026-01-01'), occurrences: 2 };
    expect(formatCalendarDate(recurrenceDateAfter(rule, null)!)).toBe('2026-01-31');
    expect(formatCalendarDate(recurrenceDateAfter(rule, d('2026-01-31'))!)).toBe('2026-02-28');
    expect(recurrenceDateAfter(rule, d('2026-02-28'))).toBeNull();
    expect(isRecurrenceDate(rule, d('2026-02-28'))).toBe(true);
    expect(isRecurrenceDate(rule, d('2026-02-27'))).toBe(false);
    expect(isRecurrenceDate(rule, d('2026-03-31'))).toBe(false);
  });
});
