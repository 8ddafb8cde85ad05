import type { ReportPeriod } from '../../__generated__/ReportsPageQuery.graphql.ts';

/** The Reports tabs (docs/product.md#reports), in order, with the export query value of each. */
export const PERIODS: { value: ReportPeriod; label: string; query: string }[] = [
  { value: 'WEEK', label: 'Weekly', query: 'week' },
  { value: 'MONTH', label: 'Monthly', query: 'month' },
  { value: 'YEAR', label: 'Yearly', query: 'year' },
];

export const DEFAULT_PERIOD: ReportPeriod = 'MONTH';
