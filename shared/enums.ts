/** The values of each kind of choice, and how the web app shows them (first letter capitalised unless said). */

export const ACCOUNT_TYPES = ['checking', 'savings', 'credit', 'cash', 'investment'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  checking: 'Checking',
  savings: 'Savings',
  credit: 'Credit Card',
  cash: 'Cash',
  investment: 'Investment',
};

export const BUDGET_CATEGORY_TYPES = ['bills', 'expenses', 'debt', 'investment', 'savings'] as const;
export type BudgetCategoryType = (typeof BUDGET_CATEGORY_TYPES)[number];
export const BUDGET_CATEGORY_TYPE_LABELS: Record<BudgetCategoryType, string> = {
  bills: 'Bills',
  expenses: 'Expenses',
  debt: 'Debt Payments',
  investment: 'Investments',
  savings: 'Savings',
};

/** How a category's plan sets each month's assigned amount (docs/product.md#the-plan). */
export const PLAN_KINDS = ['amount', 'percentage'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** A category's optional target: REST spells them camelCase (`saveByDate`), the database snake_case. */
export const TARGET_KINDS = ['saveByDate', 'monthly'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export const BILL_FREQUENCIES = ['weekly', 'biweekly', 'monthly', 'quarterly', 'yearly'] as const;
export type BillFrequency = (typeof BILL_FREQUENCIES)[number];
export const BILL_FREQUENCY_LABELS: Record<BillFrequency, string> = {
  weekly: 'Weekly',
  biweekly: 'Bi-weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

export const GOAL_CATEGORIES = ['emergency', 'vacation', 'purchase', 'investment', 'other'] as const;
export type GoalCategory = (typeof GOAL_CATEGORIES)[number];
export const GOAL_CATEGORY_LABELS: Record<GoalCategory, string> = {
  emergency: 'Emergency Fund',
  vacation: 'Vacation',
  purchase: 'Purchase',
  investment: 'Investment',
  other: 'Other',
};
/** A goal without a category. */
export const NO_GOAL_CATEGORY_LABEL = 'General';

/** Each label list in its value order, for selects. */
export function options<V extends string>(values: readonly V[], labels: Record<V, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}
