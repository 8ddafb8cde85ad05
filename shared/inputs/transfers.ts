import { z } from 'zod';
import { clearable, updateInput } from '../updates.ts';
import { statusSchema } from './reconcile.ts';
import { ACCOUNT_ID_MESSAGE, calendarDateSchema, notesSchema, optional, positiveAmountSchema } from '../validation.ts';

export const TWO_ACCOUNTS_MESSAGE = 'Choose two different accounts';

const account = (message: string) => z.string({ message: ACCOUNT_ID_MESSAGE }).trim().min(1, message);
const fields = {
  fromAccountId: account('Choose the account the money leaves'),
  toAccountId: account('Choose the account the money goes to'),
  amount: positiveAmountSchema,
  date: calendarDateSchema,
  notes: notesSchema,
  // Both sides' status (each side can then change on its own: setActivityStatus).
  status: optional(statusSchema),
};

/** A transfer between two of the user's accounts (docs/product.md#account-ledgers). */
export const addTransferInput = z
  .object(fields)
  .strict()
  .refine((t) => t.fromAccountId !== t.toAccountId, { path: ['toAccountId'], message: TWO_ACCOUNTS_MESSAGE });

/** An edit of a transfer: any of its fields (the service checks the two accounts it ends with differ). */
export const updateTransferInput = updateInput({ ...fields, notes: clearable(fields.notes), status: statusSchema });
