import { z } from 'zod';
import { clearable, updateInput } from '../updates.ts';
import { amountSchema, calendarDateSchema } from '../validation.ts';

export const DESCRIPTION_MESSAGE = 'Description is required';

const description = z
  .string({ message: DESCRIPTION_MESSAGE })
  .trim()
  .min(1, DESCRIPTION_MESSAGE)
  .max(500, 'Description must be at most 500 characters');

const categoryId = z.string({ message: 'Category must be a category id' });

export const addTransactionInput = z
  .object({
    amount: amountSchema,
    description,
    date: calendarDateSchema,
    categoryId: categoryId.nullish(),
  })
  .strict();

/** An edit of a transaction: any of its fields; a null or blank category makes it uncategorized. */
export const updateTransactionInput = updateInput({
  amount: amountSchema,
  description,
  date: calendarDateSchema,
  categoryId: clearable(categoryId),
});
