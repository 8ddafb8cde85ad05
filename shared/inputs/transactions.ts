import { z } from 'zod';
import { clearable, updateInput } from '../updates.ts';
import { ACCOUNT_ID_MESSAGE, amountSchema, calendarDateSchema } from '../validation.ts';

export const DESCRIPTION_MESSAGE = 'Description is required';

const description = z
  .string({ message: DESCRIPTION_MESSAGE })
  .trim()
  .min(1, DESCRIPTION_MESSAGE)
  .max(500, 'Description must be at most 500 characters');

const categoryId = z.string({ message: 'Category must be a category id' });
const accountId = z.string({ message: ACCOUNT_ID_MESSAGE });

export const addTransactionInput = z
  .object({
    amount: amountSchema,
    description,
    date: calendarDateSchema,
    categoryId: categoryId.nullish(),
    // The account it was paid from (its balance goes down); none by default.
    accountId: accountId.nullish(),
  })
  .strict();

/** An edit of a transaction: any of its fields; a null or blank category makes it uncategorized, a null account takes it out of its account. */
export const updateTransactionInput = updateInput({
  amount: amountSchema,
  description,
  date: calendarDateSchema,
  categoryId: clearable(categoryId),
  accountId: clearable(accountId),
});

/** GET /api/transactions: which transactions to list (all of them by default). */
export const listTransactionsQuery = z.object({
  accountId: z.string({ message: ACCOUNT_ID_MESSAGE }).optional().meta({ description: 'Only the transactions paid from this account' }),
});
