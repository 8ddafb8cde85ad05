import { z } from 'zod';
import { addRecurringBillInput } from '../../../../shared/inputs/bills.ts';
import { todayString } from '../../lib/dates.ts';

/** Add Bill's and Edit Bill's form: the server's add schema; its Active is a checkbox, the API's a flag. */
export const billForm = addRecurringBillInput.extend({ isActive: z.boolean() });
export type BillValues = z.input<typeof billForm>;

/** A new bill: monthly, due today, active. */
export function emptyBill(): BillValues {
  const nextDueDate = todayString();
  return {
    name: '',
    amount: '',
    frequency: 'monthly',
    dueDay: dayOf(nextDueDate),
    nextDueDate,
    categoryId: '',
    notes: '',
    isActive: true,
    autoPost: false,
  };
}

/** The day of the month of "YYYY-MM-DD". */
export function dayOf(date: string) {
  return Number(date.slice(8, 10));
}
