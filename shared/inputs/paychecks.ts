import { z } from 'zod';
import { amountSchema, calendarDateSchema, notesSchema } from '../validation.ts';

export const addPaycheckInput = z
  .object({
    amount: amountSchema,
    date: calendarDateSchema,
    notes: notesSchema,
  })
  .strict();
