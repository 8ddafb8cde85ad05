/** docs/product.md#labels: goal categories and their labels; no category is shown as "General". */
export const GOAL_CATEGORIES = [
  { value: 'emergency', label: 'Emergency Fund' },
  { value: 'vacation', label: 'Vacation' },
  { value: 'purchase', label: 'Purchase' },
  { value: 'investment', label: 'Investment' },
  { value: 'other', label: 'Other' },
] as const;
export type GoalCategoryValue = (typeof GOAL_CATEGORIES)[number]['value'];

export function goalCategoryLabel(value: string | null | undefined) {
  return GOAL_CATEGORIES.find((c) => c.value === value)?.label ?? 'General';
}
