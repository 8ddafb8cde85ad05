import { z } from 'zod';
import { amountSchema, calendarDateSchema } from '../validation.ts';

export const DESCRIPTION_MESSAGE = 'Description is required';

export const addTransactionInput = z
  .object({
    amount: amountSchema,
    description: z
      .string({ message: DESCRIPTION_MESSAGE })
      .trim()
      .min(1, DESCRIPTION_MESSAGE)
      .max(500, 'Description must be at most 500 characters'),
    date: calendarDateSchema,
    categoryId: z.string({ message: 'Category must be a category id' }).nullish(),
  })
  .strict();
