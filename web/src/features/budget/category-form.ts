import { z } from 'zod';
import { updateBudgetCategoryInput } from '../../../../shared/inputs/budget.ts';
import type { TargetKind } from '../../../../shared/enums.ts';
import type { CategoryType } from './category-types.ts';

/**
 * Edit Category's form (docs/product.md#budget-allocation): name, type, whether overspending
 * carries into next month, and an optional target whose kind "" is none. It is checked by the
 * shared edit rules (so its messages are the server's), the target as the API takes it.
 */
export type CategoryFormValues = {
  name: string;
  type: CategoryType;
  carryOverspending: boolean;
  target: { kind: TargetKind | ''; amount: string; date: string };
};

/** The target's kinds as GraphQL spells them. */
type GraphQLTargetKind = 'SAVE_BY_DATE' | 'MONTHLY';
const TO_GRAPHQL: Record<TargetKind, GraphQLTargetKind> = { saveByDate: 'SAVE_BY_DATE', monthly: 'MONTHLY' };

export const TARGET_KINDS_OFFERED = [
  { value: '', label: 'No target' },
  { value: 'monthly', label: 'An amount every month' },
  { value: 'saveByDate', label: 'Save an amount by a date' },
] as const;

/** The form's target as the API takes it: null for none; a date only for save-by-date. */
export function targetOfForm(target: CategoryFormValues['target']) {
  if (target.kind === '') return null;
  return { kind: target.kind, amount: target.amount, ...(target.kind === 'saveByDate' ? { date: target.date } : {}) };
}

/** The GraphQL input's target. */
export function targetInput(target: CategoryFormValues['target']) {
  const t = targetOfForm(target);
  return t && { kind: TO_GRAPHQL[t.kind], amount: t.amount.trim(), date: t.date ?? null };
}

/** A saved target (GraphQL's) as the form's fields. */
export function formTarget(target: { readonly kind: string; readonly amount: string; readonly date?: string | null } | null | undefined) {
  const kind: TargetKind | '' = target?.kind === 'SAVE_BY_DATE' ? 'saveByDate' : target?.kind === 'MONTHLY' ? 'monthly' : '';
  return { kind, amount: target?.amount ?? '', date: target?.date ?? '' };
}

export const categoryForm = z.preprocess((values) => {
  const v = values as CategoryFormValues;
  return { ...v, target: targetOfForm(v.target) };
}, updateBudgetCategoryInput) as unknown as z.ZodType<z.output<typeof updateBudgetCategoryInput>, CategoryFormValues>;
