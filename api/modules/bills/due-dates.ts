import { addCalendarDays, addCalendarMonths } from '../../lib/dates.ts';
import type { BillFrequency } from '../../../shared/enums.ts';

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
