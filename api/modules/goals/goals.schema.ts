import { z } from 'zod';
import { amountSchema } from '../../lib/money.ts';
import { calendarDateSchema } from '../../lib/dates.ts';
import { notesSchema } from '../paychecks/paychecks.schema.ts';

export const GOAL_CATEGORIES = ['emergency', 'vacation', 'purchase', 'investment', 'other'] as const;

export const createSavingsGoalInput = z
  .object({
    name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
    targetAmount: amountSchema,
    currentAmount: amountSchema.optional(),
    targetDate: calendarDateSchema.nullish(),
    // "one of the enumeration or empty" (SPEC §5): empty means no category ("General").
    category: z
      .union([z.enum(GOAL_CATEGORIES), z.literal('')], { message: 'Category must be one of: emergency, vacation, purchase, investment, other' })
      .nullish()
      .transform((c) => c || null),
    // Accepted for compatibility (SPEC §7); the server decides completion from the amounts.
    isCompleted: z.union([z.literal(0), z.literal(1)], { message: 'isCompleted must be 0 or 1' }).optional(),
    notes: notesSchema,
  })
  .strict();

export const addGoalContributionInput = z
  .object({
    goalId: z.string({ message: 'Goal is required' }).min(1, 'Goal is required'),
    amount: amountSchema,
    contributionDate: calendarDateSchema,
    notes: notesSchema,
  })
  .strict();

/** GET /api/goal-contributions: every contribution, or one goal's. */
export const listGoalContributionsQuery = z.object({ goalId: z.string({ message: 'Goal must be a goal id' }).optional() });
