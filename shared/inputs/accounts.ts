import { z } from 'zod';
import { ACCOUNT_TYPES } from '../enums.ts';
import { clearable, updateInput } from '../updates.ts';
import { balanceSchema, calendarDateSchema, flagSchema, nameSchema, notesSchema, optional } from '../validation.ts';

const accountType = z.enum(ACCOUNT_TYPES, { message: 'Type must be one of: checking, savings, credit, cash, investment' });

export const createAccountInput = z
  .object({
    name: nameSchema(100),
    type: accountType,
    balance: optional(balanceSchema),
    isDefault: flagSchema('isDefault').optional(),
    notes: notesSchema,
    // The day the balance is as of (docs/product.md#reconcile): older records do not move it. Default: today.
    startingDate: optional(calendarDateSchema),
  })
  .strict();

/** "Set as Default": the only change the spec's PUT makes. */
export const setDefaultAccountInput = z
  .object({
    isDefault: z.literal(1, { message: 'isDefault must be 1: to change the default, set another account as default' }),
  })
  .strict();

/**
 * An edit of an account: name, type, balance or notes. A balance is required once there is an
 * account, so null or blank gets its message; the default is changed only by Set as Default.
 */
export const updateAccountInput = updateInput({
  name: nameSchema(100),
  type: accountType,
  balance: balanceSchema,
  notes: clearable(notesSchema),
  startingDate: calendarDateSchema,
  startingBalance: balanceSchema,
}).refine((a) => a.balance === undefined || a.startingBalance === undefined, {
  path: ['startingBalance'],
  message: 'Give either the current balance or the starting balance, not both',
});
