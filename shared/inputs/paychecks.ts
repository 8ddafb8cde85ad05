import { z } from 'zod';
import { clearable, updateInput } from '../updates.ts';
import { amountSchema, calendarDateSchema, notesSchema } from '../validation.ts';

export const addPaycheckInput = z
  .object({
    amount: amountSchema,
    date: calendarDateSchema,
    notes: notesSchema,
  })
  .strict();

/** An edit of a paycheck: any of its fields. */
export const updatePaycheckInput = updateInput({ amount: amountSchema, date: calendarDateSchema, notes: clearable(notesSchema) });
