import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { useAllocationEdits_categories$key } from '../../__generated__/useAllocationEdits_categories.graphql.ts';
import type { useAllocationEditsSaveMutation } from '../../__generated__/useAllocationEditsSaveMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { typedAmountError } from '../../lib/forms.ts';
import { toCents, typedAmount } from '../../lib/money.ts';
import { amountForPercent, difference, percentForAmount, sumAmounts } from './linked-allocation.ts';
import type { PlanKind } from './plan-words.ts';

/** A row as edited: its amount and percentage, and which of them is the plan (the control used last). */
export type Allocation = { amount: string; percent: number; planKind: PlanKind };

/**
 * The Budget screen's unsaved allocations: each category's amount and percentage as edited (its
 * saved ones until then), linked to each other through the income, and its plan kind (the
 * control used last: an amount typed, or the slider moved; or switched by hand); the live Allocated and
 * Remaining figures; and Save Changes, whose refused rows show the server's message. Each row
 * carries its `categories` reference on, for the row component's own fragment.
 */
export function useAllocationEdits<C extends useAllocationEdits_categories$key[number]>(
  income: string,
  categories: readonly C[],
  /** After a save: what else shows the allocations (this month's envelopes) reloads. */
  onSaved?: () => void,
) {
  const saved = useFragment<useAllocationEdits_categories$key>(
    graphql`
      fragment useAllocationEdits_categories on BudgetCategory @relay(plural: true) {
        id
        allocatedAmount
        allocatedPercentage
        planKind
      }
    `,
    categories,
  );
  const [edits, setEdits] = useState<Record<string, Allocation>>({});
  // What the server refused in a save, by category id.
  const [refused, setRefused] = useState<Record<string, string>>({});
  const rows = saved.map((c, i) => ({
    id: c.id,
    saved: c,
    category: categories[i] as C,
    edit: edits[c.id] ?? { amount: c.allocatedAmount, percent: c.allocatedPercentage, planKind: planKindOf(c.planKind) },
  }));
  // By value: "500" over a saved "500.00" is no change; a half-typed amount is one.
  const changed = rows.filter(
    ({ saved: s, edit }) =>
      edit.percent !== s.allocatedPercentage ||
      edit.planKind !== s.planKind ||
      typedAmountError(edit.amount) ||
      toCents(typedAmount(edit.amount)) !== toCents(s.allocatedAmount),
  ).length;
  const allocated = sumAmounts(rows.filter((r) => !typedAmountError(r.edit.amount)).map((r) => typedAmount(r.edit.amount)));

  const [commit, saving] = useMutationAction<useAllocationEditsSaveMutation>(graphql`
    mutation useAllocationEditsSaveMutation($input: UpdateBudgetAllocationsInput!) {
      updateBudgetAllocations(input: $input) {
        budgetCategories {
          ...useAllocationEdits_categories
        }
      }
    }
  `);
  const discard = () => {
    setEdits({});
    setRefused({});
  };
  const edit = (id: string, next: Allocation) => {
    setEdits((e) => ({ ...e, [id]: next }));
    setRefused(({ [id]: _refused, ...rest }) => rest);
  };
  return {
    rows,
    changed,
    invalid: rows.some((r) => typedAmountError(r.edit.amount)),
    allocated,
    remaining: difference(income, allocated),
    /** The row's error: its amount's, else what the server said of it. */
    errorOf: (row: (typeof rows)[number]) => typedAmountError(row.edit.amount) ?? refused[row.id],
    setPercent: (id: string, percent: number) => edit(id, { percent, amount: amountForPercent(income, percent), planKind: 'PERCENTAGE' }),
    setAmount: (id: string, amount: string, current: number) =>
      edit(id, { amount, percent: typedAmountError(amount) ? current : percentForAmount(income, typedAmount(amount)), planKind: 'AMOUNT' }),
    /** Switches the row's plan kind, its amount and percentage as they are. */
    setPlanKind: (row: (typeof rows)[number], planKind: PlanKind) => edit(row.id, { ...row.edit, planKind }),
    discard,
    saving,
    save: () =>
      commit(
        {
          input: {
            allocations: rows.map((r) => ({
              id: r.id,
              allocatedAmount: typedAmount(r.edit.amount).trim(),
              allocatedPercentage: r.edit.percent,
              planKind: r.edit.planKind,
            })),
          },
        },
        {
          success: SUCCESS.budgetUpdated,
          failure: FAILURE.saveBudget,
          onFieldErrors: (errors) => setRefused(rowErrorsOf(errors, rows)),
          onDone: () => {
            discard();
            onSaved?.();
          },
        },
      ),
  };
}

/** Server field errors of a save ("allocations.1.allocatedAmount") keyed by the row's category id. */
function rowErrorsOf(errors: Record<string, string>, rows: { id: string }[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([path, message]) => {
      const row = rows[Number(path.split('.').find((part) => /^\d+$/.test(part)))];
      return row ? [[row.id, message]] : [];
    }),
  );
}

/** The saved plan kind; a future value the screen does not know reads as an amount, the safe default. */
function planKindOf(kind: string): PlanKind {
  return kind === 'PERCENTAGE' ? 'PERCENTAGE' : 'AMOUNT';
}
