import { z } from 'zod';
import { BUDGET_CATEGORY_TYPES, PLAN_KINDS, TARGET_KINDS } from '../enums.ts';
import { clearable, updateInput } from '../updates.ts';
import { amountSchema, calendarDateSchema, nameSchema, optional, positiveAmountSchema } from '../validation.ts';

const PERCENT_MESSAGE = 'Percentage must be a whole number from 0 to 100';

const percentage = z.number({ message: PERCENT_MESSAGE }).int(PERCENT_MESSAGE).min(0, PERCENT_MESSAGE).max(100, PERCENT_MESSAGE);

const categoryType = z.enum(BUDGET_CATEGORY_TYPES, { message: 'Type must be one of: bills, expenses, debt, investment, savings' });

/** Without it, a row's plan kind follows from its amount and percentage (docs/product.md#the-plan). */
const planKind = z.enum(PLAN_KINDS, { message: 'Plan kind must be one of: amount, percentage' });

const carryOverspending = z.boolean({ message: 'carryOverspending must be true or false' });

export const TARGET_DATE_MESSAGE = 'A save-by-date target needs a date';
export const MONTHLY_TARGET_DATE_MESSAGE = 'A monthly target has no date';

/** A category's target (docs/product.md#the-month): save `amount` by `date`, or `amount` every month. */
export const targetSchema = z
  .object({
    kind: z.enum(TARGET_KINDS, { message: 'Target kind must be one of: saveByDate, monthly' }),
    amount: positiveAmountSchema,
    date: optional(calendarDateSchema),
  })
  .strict()
  .superRefine((target, ctx) => {
    if (target.kind === 'saveByDate' && target.date === undefined)
      ctx.addIssue({ code: 'custom', path: ['date'], message: TARGET_DATE_MESSAGE });
    if (target.kind === 'monthly' && target.date !== undefined)
      ctx.addIssue({ code: 'custom', path: ['date'], message: MONTHLY_TARGET_DATE_MESSAGE });
  });
export type TargetInput = z.output<typeof targetSchema>;

/** The plan's fields every write of a category takes: a missing key leaves them as they are; a null target clears it. */
const planFields = {
  planKind: planKind.optional(),
  carryOverspending: carryOverspending.optional(),
  target: clearable(targetSchema).optional(),
};

export const addBudgetCategoryInput = z
  .object({
    name: nameSchema(100),
    type: categoryType,
    allocatedAmount: optional(amountSchema),
    allocatedPercentage: percentage.optional(),
    ...planFields,
  })
  .strict();

/** An edit of a category: its name, type, plan kind, overspending rule or target (allocations change with Save Changes). */
export const updateBudgetCategoryInput = updateInput({
  name: nameSchema(100),
  type: categoryType,
  planKind,
  carryOverspending,
  target: clearable(targetSchema),
});

/** One row of a Save Changes: other fields a client sends along (name, type, ...) are ignored. */
const allocation = z.object({
  id: z.string({ message: 'Category id is required' }).min(1, 'Category id is required'),
  allocatedAmount: amountSchema,
  allocatedPercentage: percentage,
  ...planFields,
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

/** A month's assigned amount for one category: an amount, or null to follow the plan again. */
export const setAssignedInput = z.object({
  assigned: z.union([amountSchema, z.null()], { message: 'Assigned must be an amount, or null to follow the plan' }),
});

export const SAME_CATEGORY_MESSAGE = 'Choose two different categories';

/** Move money: `amount` from one category's assigned amount of the month to another's. */
export const moveMoneyInput = z
  .object({
    fromCategoryId: z.string({ message: 'Choose the category to move from' }).min(1, 'Choose the category to move from'),
    toCategoryId: z.string({ message: 'Choose the category to move to' }).min(1, 'Choose the category to move to'),
    amount: positiveAmountSchema,
  })
  .superRefine((move, ctx) => {
    if (move.fromCategoryId === move.toCategoryId) ctx.addIssue({ code: 'custom', path: ['toCategoryId'], message: SAME_CATEGORY_MESSAGE });
  });

/** A month named in a path or a mutation: required. */
export const monthInput = z.object({ month: monthSchema });
