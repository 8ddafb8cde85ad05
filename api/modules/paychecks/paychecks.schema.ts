import { z } from 'zod';
import { amountSchema } from '../../lib/money.ts';
import { calendarDateSchema } from '../../lib/dates.ts';

export const notesSchema = z.string({ message: 'Notes must be text' }).max(10_000, 'Notes must be at most 10000 characters').nullish();

export const addPaycheckInput = z
  .object({
    amount: amountSchema,
    date: calendarDateSchema,
    notes: notesSchema,
  })
  .strict();
