import { z } from 'zod';
import { BILL_FREQUENCIES } from '../enums.ts';
import { clearable, updateInput } from '../updates.ts';
import {
  ACCOUNT_ID_MESSAGE,
  amountSchema,
  calendarDateSchema,
  flagSchema,
  nameSchema,
  notesSchema,
  positiveAmountSchema,
} from '../validation.ts';

export const DUE_DAY_MESSAGE = 'Due day must be a whole number from 1 to 31';

export const addRecurringBillInput = z
  .object({
    name: nameSchema(200),
    amount: amountSchema,
    frequency: z.enum(BILL_FREQUENCIES, { message: 'Frequency must be one of: weekly, biweekly, monthly, quarterly, yearly' }),
    dueDay: z.number({ message: DUE_DAY_MESSAGE }).int(DUE_DAY_MESSAGE).min(1, DUE_DAY_MESSAGE).max(31, DUE_DAY_MESSAGE),
    nextDueDate: calendarDateSchema,
    isActive: flagSchema('isActive').default(1),
    categoryId: z.string({ message: 'Category must be a category id' }).nullish(),
    notes: notesSchema,
    // Post automatically: the server records the payment when due (docs/product.md#schedules).
    autoPost: z.boolean({ message: 'autoPost must be true or false' }).default(false),
  })
  .strict();

const bill = addRecurringBillInput.shape;

/** An edit of a bill: any of its fields; pausing and resuming is an edit of `isActive`. */
export const updateRecurringBillInput = updateInput({
  ...bill,
  isActive: bill.isActive.unwrap(),
  autoPost: bill.autoPost.unwrap(),
  categoryId: clearable(bill.categoryId),
  notes: clearable(bill.notes),
});

export const recordBillPaymentInput = z
  .object({
    recurringBillId: z.string({ message: 'Bill is required' }).min(1, 'Bill is required'),
    amount: positiveAmountSchema,
    paidDate: calendarDateSchema,
    notes: notesSchema,
    // The account it was paid from: its expense goes there (docs/product.md#account-ledgers).
    accountId: z.string({ message: ACCOUNT_ID_MESSAGE }).nullish(),
  })
  .strict();

/** GET /api/bill-payments: every payment, or one bill's. */
export const listBillPaymentsQuery = z.object({ recurringBillId: z.string({ message: 'Bill must be a bill id' }).optional() });
