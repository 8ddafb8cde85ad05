import { z } from 'zod';
import { BUDGET_CATEGORY_TYPES } from '../enums.ts';
import { updateInput } from '../updates.ts';
import { amountSchema, nameSchema, optional } from '../validation.ts';

const PERCENT_MESSAGE = 'Percentage must be a whole number from 0 to 100';

const percentage = z.number({ message: PERCENT_MESSAGE }).int(PERCENT_MESSAGE).min(0, PERCENT_MESSAGE).max(100, PERCENT_MESSAGE);

const categoryType = z.enum(BUDGET_CATEGORY_TYPES, { message: 'Type must be one of: bills, expenses, debt, investment, savings' });

export const addBudgetCategoryInput = z
  .object({
    name: nameSchema(100),
    type: categoryType,
    allocatedAmount: optional(amountSchema),
    allocatedPercentage: percentage.optional(),
  })
  .strict();

/** An edit of a category: its name or type (allocations change with Save Changes). */
export const updateBudgetCategoryInput = updateInput({ name: nameSchema(100), type: categoryType });

/** One row of a Save Changes: other fields a client sends along (name, type, ...) are ignored. */
const allocation = z.object({
  id: z.string({ message: 'Category id is required' }).min(1, 'Category id is required'),
  allocatedAmount: amountSchema,
  allocatedPercentage: percentage,
});

/** The most categories one Save Changes takes. */
export const MAX_SAVED_CATEGORIES = 1000;
export const SAVED_CATEGORIES_MESSAGE = `At most ${MAX_SAVED_CATEGORIES} categories at once`;

export const updateAllocationsInput = z
  .array(allocation, { message: 'Send the list of categories' })
  .max(MAX_SAVED_CATEGORIES, SAVED_CATEGORIES_MESSAGE)
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      if (seen.has(row.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'A category appears twice in the list' });
      seen.add(row.id);
    });
  });

export const MONTH_MESSAGE = 'Month must be a calendar month as YYYY-MM (for example 2026-11)';

/** A calendar month, "2026-11": year 1900 to 9999, month 01 to 12. */
export const monthSchema = z
  .string({ message: MONTH_MESSAGE })
  .trim()
  .regex(/^(19\d\d|[2-9]\d{3})-(0[1-9]|1[0-2])$/, MONTH_MESSAGE);

/** Budget: this month (docs/product.md#budget-this-month): the month, the current one when not given. */
export const budgetMonthQuery = z.object({ month: optional(monthSchema) });
