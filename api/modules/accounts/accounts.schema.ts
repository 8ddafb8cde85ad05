import { z } from 'zod';
import { balanceSchema } from '../../lib/money.ts';

export const ACCOUNT_TYPES = ['checking', 'savings', 'credit', 'cash', 'investment'] as const;

const optionalNotes = z.string({ message: 'Notes must be text' }).max(10_000, 'Notes must be at most 10000 characters').nullish();

export const createAccountInput = z
  .object({
    name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
    type: z.enum(ACCOUNT_TYPES, { message: 'Type must be one of: checking, savings, credit, cash, investment' }),
    balance: balanceSchema.optional(),
    isDefault: z.union([z.literal(0), z.literal(1)], { message: 'isDefault must be 0 or 1' }).optional(),
    notes: optionalNotes,
  })
  .strict();

export const updateAccountInput = z
  .object({
    isDefault: z.literal(1, { message: 'isDefault must be 1: to change the default, set another account as default' }),
  })
  .strict();

export type CreateAccountInput = z.input<typeof createAccountInput>;
