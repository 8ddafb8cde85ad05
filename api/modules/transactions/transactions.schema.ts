import { z } from 'zod';
import { amountSchema } from '../../lib/money.ts';
import { calendarDateSchema } from '../../lib/dates.ts';

export const addTransactionInput = z
  .object({
    amount: amountSchema,
    description: z
      .string({ message: 'Description is required' })
      .trim()
      .min(1, 'Description is required')
      .max(500, 'Description must be at most 500 characters'),
    date: calendarDateSchema,
    categoryId: z.string({ message: 'Category must be a category id' }).nullish(),
  })
  .strict();

export type ExpenseData = { amount: string; description: string; date: string | Date; categoryId: string | null };
