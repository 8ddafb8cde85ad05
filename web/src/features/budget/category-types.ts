import { BUDGET_CATEGORY_TYPE_LABELS, BUDGET_CATEGORY_TYPES, options, type BudgetCategoryType } from '../../../../shared/enums.ts';

/** docs/product.md#labels: the category types and their labels, for selects. */
export const CATEGORY_TYPES = options(BUDGET_CATEGORY_TYPES, BUDGET_CATEGORY_TYPE_LABELS);

export type CategoryType = BudgetCategoryType;

export function categoryTypeLabel(type: string) {
  return BUDGET_CATEGORY_TYPE_LABELS[type as CategoryType] ?? type;
}
