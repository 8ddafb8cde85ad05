import { useSearchParams } from 'react-router-dom';
import { monthSchema } from '../../../../shared/inputs/budget.ts';

/**
 * The Budget URL's month (`?month=YYYY-MM`): the month, or null for the current month in the
 * user's time zone (the server's), with the rule's message when the one given is not a month.
 */
export function readMonth(search: URLSearchParams): { month: string | null; error?: string } {
  const given = search.get('month') ?? '';
  if (given.trim() === '') return { month: null };
  const month = monthSchema.safeParse(given);
  return month.success ? { month: month.data } : { month: null, error: month.error.issues[0]?.message };
}

/** The Budget route's variables. */
export const budgetVariables = (search: URLSearchParams) => ({ month: readMonth(search).month });

/**
 * The Budget screen's tabs (docs/product.md#budget-allocation): the month and the plan, in the
 * URL as `?tab=month` / `?tab=plan`. Without one, the screen's default: the month; someone who
 * opens the screen without categories starts on the plan (a month has nothing to show them yet),
 * and from then on their URL names the tab, so a reload stays where they are.
 */
export type BudgetTab = 'month' | 'plan';

export function readTab(search: URLSearchParams, fallback: BudgetTab): BudgetTab {
  const tab = search.get('tab');
  return tab === 'plan' || tab === 'month' ? tab : fallback;
}

/**
 * The URL's query after moving to another tab or month, what else it holds kept; the defaults
 * (the default tab, the current month: `month: null`) are left out, so `/budget` stays one link.
 * `defaultTab` null: the tab is always written.
 */
export function budgetSearch(
  search: URLSearchParams,
  change: { tab?: BudgetTab; month?: string | null },
  defaultTab: BudgetTab | null = 'month',
): URLSearchParams {
  const next = new URLSearchParams(search);
  if (change.tab !== undefined) {
    if (change.tab === defaultTab) next.delete('tab');
    else next.set('tab', change.tab);
  }
  if (change.month !== undefined) {
    if (change.month === null) next.delete('month');
    else next.set('month', change.month);
  }
  return next;
}

/**
 * The month the screen shows (the screen's query's `month`): a change to the categories or the
 * month reselects it in its payload, so the month view follows an added, renamed or deleted
 * category, an assigned amount or a move.
 */
export function useShownMonth() {
  const [search] = useSearchParams();
  return readMonth(search).month;
}
