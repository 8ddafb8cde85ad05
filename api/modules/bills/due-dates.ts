import { addCalendarDays, addCalendarMonths } from '../../lib/dates.ts';
import type { BillFrequency } from '../../../shared/enums.ts';

/**
 * The due date after `current` (docs/product.md#recurring-bills): weekly +7 days, biweekly +14 days, monthly /
 * quarterly / yearly +1 / +3 / +12 months on `dueDay`, clamped to the month's last day.
 */
export function nextDueDate(current: Date, frequency: BillFrequency, dueDay: number): Date {
  switch (frequency) {
    case 'weekly':
      return addCalendarDays(current, 7);
    case 'biweekly':
      return addCalendarDays(current, 14);
    case 'monthly':
      return addCalendarMonths(current, 1, dueDay);
    case 'quarterly':
      return addCalendarMonths(current, 3, dueDay);
    case 'yearly':
      return addCalendarMonths(current, 12, dueDay);
  }
}

/** Upcoming = due within this many days from today, plus everything overdue. */
export const UPCOMING_DAYS = 30;
