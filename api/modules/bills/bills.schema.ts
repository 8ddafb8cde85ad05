import { z } from 'zod';
import { amountSchema } from '../../lib/money.ts';
import { calendarDateSchema } from '../../lib/dates.ts';
import { notesSchema } from '../paychecks/paychecks.schema.ts';

export const BILL_FREQUENCIES = ['weekly', 'biweekly', 'monthly', 'quarterly', 'yearly'] as const;
export type BillFrequency = (typeof BILL_FREQUENCIES)[number];

const DUE_DAY_MESSAGE = 'Due day must be a whole number from 1 to 31';

export const addRecurringBillInput = z
  .object({
    name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
    amount: amountSchema,
    frequency: z.enum(BILL_FREQUENCIES, { message: 'Frequency must be one of: weekly, biweekly, monthly, quarterly, yearly' }),
    dueDay: z.number({ message: DUE_DAY_MESSAGE }).int(DUE_DAY_MESSAGE).min(1, DUE_DAY_MESSAGE).max(31, DUE_DAY_MESSAGE),
    nextDueDate: calendarDateSchema,
    isActive: z.union([z.literal(0), z.literal(1)], { message: 'isActive must be 0 or 1' }).default(1),
    categoryId: z.string({ message: 'Category must be a category id' }).nullish(),
    notes: notesSchema,
  })
  .strict();

export const recordBillPaymentInput = z
  .object({
    recurringBillId: z.string({ message: 'Bill is required' }).min(1, 'Bill is required'),
    amount: amountSchema,
    paidDate: calendarDateSchema,
    notes: notesSchema,
  })
  .strict();
