import { z } from 'zod';
import { optional } from '../validation.ts';

export const PAYEE_MAX = 200;
export const PAYEE_MESSAGE = 'Payee is required';

/** A payee's name: 1 to 200 characters, spaces at either end dropped. */
export const payeeNameSchema = z
  .string({ message: 'Payee must be text' })
  .trim()
  .min(1, PAYEE_MESSAGE)
  .max(PAYEE_MAX, `Payee must be at most ${PAYEE_MAX} characters`);

/** The `payee` of a transaction or paycheck: its name (found or created); blank, null or missing: none. */
export const payeeField = optional(payeeNameSchema).meta({
  description: 'Who was paid (or paid you), by name: one of your payees, or a new one; blank or null: none',
});

/** PATCH /api/payees/{id}, renamePayee. */
export const renamePayeeInput = z.strictObject({ name: payeeNameSchema });

export const MAX_MERGED_PAYEES = 100;
export const MERGED_PAYEES_MESSAGE = `At most ${MAX_MERGED_PAYEES} payees at once`;

/** POST /api/payees/merge, mergePayees: every record of `ids` goes to `into`, and `ids` are deleted. */
export const mergePayeesInput = z.strictObject({
  ids: z
    .array(z.string({ message: 'ids must be payee ids' }), { message: 'ids must be a list of payee ids' })
    .min(1, 'Choose at least one payee to merge')
    .max(MAX_MERGED_PAYEES, MERGED_PAYEES_MESSAGE),
  into: z.string({ message: 'into must be a payee id' }).min(1, 'into must be a payee id'),
});
