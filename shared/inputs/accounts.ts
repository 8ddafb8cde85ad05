import { z } from 'zod';
import { ACCOUNT_TYPES } from '../enums.ts';
import { balanceSchema, nameSchema, notesSchema, optional } from '../validation.ts';

export const createAccountInput = z
  .object({
    name: nameSchema(100),
    type: z.enum(ACCOUNT_TYPES, { message: 'Type must be one of: checking, savings, credit, cash, investment' }),
    balance: optional(balanceSchema),
    isDefault: z.union([z.literal(0), z.literal(1)], { message: 'isDefault must be 0 or 1' }).optional(),
    notes: notesSchema,
  })
  .strict();

/** "Set as Default": the only change the spec's PUT makes. */
export const setDefaultAccountInput = z
  .object({
    isDefault: z.literal(1, { message: 'isDefault must be 1: to change the default, set another account as default' }),
  })
  .strict();
