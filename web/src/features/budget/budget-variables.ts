import { monthSchema } from '../../../../shared/inputs/budget.ts';

/** The Budget route's variables: `?month=YYYY-MM`, else null: the current month in the user's time zone (the server's). */
export function budgetVariables(search: URLSearchParams) {
  const month = monthSchema.safeParse(search.get('month') ?? '');
  return { month: month.success ? month.data : null };
}
