import { addCalendarDays, addCalendarMonths } from '../../lib/dates.ts';
import type { BillFrequency } from '../../../shared/enums.ts';
import type { ScheduleFrequency } from '../../../shared/inputs/schedules.ts';

/** One period of each frequency (docs/product.md#recurring-bills): a number of days, or of months on the due day. */
const PERIODS: Record<BillFrequency, { days: number } | { months: number }> = {
  weekly: { days: 7 },
  biweekly: { days: 14 },
  monthly: { months: 1 },
  quarterly: { months: 3 },
  yearly: { months: 12 },
};

/** `current` moved by `count` periods; a month step lands on `dueDay`, clamped to the month's last day. */
function shiftDueDate(current: Date, frequency: BillFrequency, dueDay: number, count: 1 | -1): Date {
  const period = PERIODS[frequency];
  return 'days' in period ? addCalendarDays(current, count * period.days) : addCalendarMonths(current, count * period.months, dueDay);
}

/**
 * The due date after `current` (docs/product.md#recurring-bills): weekly +7 days, biweekly +14 days, monthly /
 * quarterly / yearly +1 / +3 / +12 months on `dueDay`, clamped to the month's last day.
 */
export function nextDueDate(current: Date, frequency: BillFrequency, dueDay: number): Date {
  return shiftDueDate(current, frequency, dueDay, 1);
}

/**
 * The due date before `current`, the inverse of `nextDueDate` (deleting a bill's latest payment
 * moves it back): the same periods backwards, again on `dueDay` clamped to the month's last day.
 */
export function previousDueDate(current: Date, frequency: BillFrequency, dueDay: number): Date {
  return shiftDueDate(current, frequency, dueDay, -1);
}

/** Upcoming = due within this many days from today, plus everything overdue. */
export const UPCOMING_DAYS = 30;

/** A schedule's rule (docs/product.md#schedules): the same calendar arithmetic as bills' due dates. */
export interface Recurrence {
  frequency: ScheduleFrequency;
  startDate: Date;
  endDate?: Date | null;
  /** every_n_days: the number of days. */
  interval?: number | null;
  /** monthly: the day (31 = the last day); the start date's day when not given. */
  dayOfMonth?: number | null;
  /** semimonthly: the two days of each month. */
  days?: number[] | null;
  /** The number of times in all, counted from the start. */
  occurrences?: number | null;
}

const DAY_STEPS: Partial<Record<ScheduleFrequency, number>> = { weekly: 7, biweekly: 14 };

/** The n-th (0-based) date of a month-based rule's sequence, before the start is filtered out. */
function monthlyCandidate(rule: Recurrence, n: number): Date {
  const firstOfMonth = new Date(Date.UTC(rule.startDate.getUTCFullYear(), rule.startDate.getUTCMonth(), 1));
  switch (rule.frequency) {
    case 'semimonthly': {
      const [a = 1, b = 15] = [...(rule.days ?? [])].sort((x, y) => x - y);
      return addCalendarMonths(firstOfMonth, Math.floor(n / 2), n % 2 === 0 ? a : b);
    }
    case 'yearly':
      // Counted from the start each time, never from the previous date: Feb 29 comes back every leap year.
      return addCalendarMonths(rule.startDate, 12 * n);
    default:
      return addCalendarMonths(firstOfMonth, n, rule.dayOfMonth ?? rule.startDate.getUTCDate());
  }
}

/**
 * Every date of `rule`, in order, from its start to its end (a date or a number of times);
 * endless without one, so callers stop where they need. Each date is computed from the start,
 * so a clamped month end (Jan 31 → Feb 28) never drifts into the months after it.
 */
export function* recurrenceDates(rule: Recurrence): Generator<Date> {
  const step = rule.frequency === 'every_n_days' ? (rule.interval ?? 1) : DAY_STEPS[rule.frequency];
  let count = 0;
  for (let n = 0; ; n++) {
    const date = step ? addCalendarDays(rule.startDate, n * step) : monthlyCandidate(rule, n);
    if (date < rule.startDate) continue;
    if ((rule.endDate && date > rule.endDate) || (rule.occurrences != null && count >= rule.occurrences)) return;
    count++;
    yield date;
  }
}

/** The first date of `rule` strictly after `after` (or from its start when null), or null when it has ended. */
export function recurrenceDateAfter(rule: Recurrence, after: Date | null): Date | null {
  for (const date of recurrenceDates(rule)) if (!after || date > after) return date;
  return null;
}

/** Whether `date` is one of `rule`'s dates. */
export function isRecurrenceDate(rule: Recurrence, date: Date): boolean {
  for (const d of recurrenceDates(rule)) {
    if (d.getTime() === date.getTime()) return true;
    if (d > date) return false;
  }
  return false;
}
