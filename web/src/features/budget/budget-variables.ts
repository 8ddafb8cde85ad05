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
 * The month "This month" shows (the screen's query's `month`): a change to the categories reselects
 * it in its payload, so the card follows an added, renamed or deleted category.
 */
export function useShownMonth() {
  const [search] = useSearchParams();
  return readMonth(search).month;
}
