import { z } from 'zod';
import { clearable, updateInput } from '../updates.ts';
import { statusSchema } from './reconcile.ts';
import { payeeField, payeeNameSchema } from './payees.ts';
import { ACCOUNT_ID_MESSAGE, calendarDateSchema, notesSchema, optional, positiveAmountSchema } from '../validation.ts';

const accountId = z.string({ message: ACCOUNT_ID_MESSAGE });

export const addPaycheckInput = z
  .object({
    amount: positiveAmountSchema,
    date: calendarDateSchema,
    notes: notesSchema,
    // The account it was paid into (its balance goes up); none by default.
    accountId: accountId.nullish(),
    status: optional(statusSchema),
    payee: payeeField,
  })
  .strict();

/** An edit of a paycheck: any of its fields; a null account takes it out of its account. */
export const updatePaycheckInput = updateInput({
  amount: positiveAmountSchema,
  date: calendarDateSchema,
  notes: clearable(notesSchema),
  accountId: clearable(accountId),
  status: statusSchema,
  payee: clearable(payeeNameSchema),
});
