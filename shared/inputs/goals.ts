import { z } from 'zod';
import { GOAL_CATEGORIES } from '../enums.ts';
import { clearable, updateInput } from '../updates.ts';
import { amountSchema, calendarDateSchema, flagSchema, nameSchema, notesSchema, optional, positiveAmountSchema } from '../validation.ts';

export const createSavingsGoalInput = z
  .object({
    name: nameSchema(200),
    targetAmount: amountSchema,
    currentAmount: optional(amountSchema),
    targetDate: optional(calendarDateSchema),
    // "One of the enumeration or empty": empty means no category ("General").
    category: z
      .union([z.enum(GOAL_CATEGORIES), z.literal('')], {
        message: 'Category must be one of: emergency, vacation, purchase, investment, other',
      })
      .nullish()
      .transform((c) => c || null),
    // Accepted for compatibility with the spec's clients; the server decides completion from the amounts.
    isCompleted: flagSchema('isCompleted').optional(),
    notes: notesSchema,
  })
  .strict();

const goal = createSavingsGoalInput.shape;

/**
 * An edit of a goal. Its current amount moves only with contributions, and completion follows
 * the amounts: neither is editable.
 */
export const updateSavingsGoalInput = updateInput({
  name: goal.name,
  targetAmount: goal.targetAmount,
  targetDate: clearable(goal.targetDate),
  category: clearable(goal.category),
  notes: clearable(goal.notes),
});

export const addGoalContributionInput = z
  .object({
    goalId: z.string({ message: 'Goal is required' }).min(1, 'Goal is required'),
    amount: positiveAmountSchema,
    contributionDate: calendarDateSchema,
    notes: notesSchema,
  })
  .strict();

/** GET /api/goal-contributions: every contribution, or one goal's. */
export const listGoalContributionsQuery = z.object({ goalId: z.string({ message: 'Goal must be a goal id' }).optional() });
