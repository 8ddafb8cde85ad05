import { fieldErrors } from '../../../../shared/field-errors.ts';
import { reportWindowInput } from '../../../../shared/inputs/reports.ts';
import type { ReportPeriod } from '../../__generated__/ReportsPageQuery.graphql.ts';
import { fromGlobalId } from '../../lib/global-id.ts';
import { DEFAULT_PERIOD, PERIODS } from './report-periods.ts';

/**
 * The Reports screen's state lives in the URL (docs/product.md#reports), so reload, back and a
 * shared link keep it: `?period=WEEK&offset=-1`, or `?from=2026-01-01&to=2026-03-31` (custom),
 * and `&accountId=<global id>`. A window the shared rules refuse falls back to the period ending
 * today, with the message shown.
 */
export interface ReportView {
  period: ReportPeriod;
  offset: number;
  /** A custom range's days ("YYYY-MM-DD"), both or neither. */
  from: string;
  to: string;
  /** An account's global id, or "" for all accounts. */
  accountId: string;
}

export const isCustom = (v: ReportView) => v.from !== '' && v.to !== '';

export function readReportView(search: URLSearchParams): { view: ReportView; errors: Partial<Record<'offset' | 'from' | 'to', string>> } {
  const asked = search.get('period')?.toUpperCase();
  const period = PERIODS.find((p) => p.value === asked)?.value ?? DEFAULT_PERIOD;
  const given = Object.fromEntries((['offset', 'from', 'to'] as const).map((f) => [f, search.get(f) ?? '']));
  const parsed = reportWindowInput.safeParse(given);
  const errors: Partial<Record<'offset' | 'from' | 'to', string>> = parsed.success ? {} : fieldErrors(parsed.error);
  const ok = parsed.success ? parsed.data : {};
  const custom = ok.from !== undefined && ok.to !== undefined;
  return {
    view: {
      period,
      offset: custom ? 0 : (ok.offset ?? 0),
      from: custom ? given.from!.trim() : '',
      to: custom ? given.to!.trim() : '',
      accountId: search.get('accountId') ?? '',
    },
    errors,
  };
}

/** Whether the view names an account that cannot be one: a raw or mistyped id, not an account's global id. */
export const malformedAccount = (v: ReportView) => v.accountId !== '' && fromGlobalId('Account', v.accountId) === '';

/** The report query's variables (the route's loader starts the query with them); never a malformed account id. */
export function reportVariables(search: URLSearchParams) {
  const { view } = readReportView(search);
  const accountId = view.accountId && !malformedAccount(view) ? view.accountId : null;
  return isCustom(view)
    ? { period: view.period, offset: null, from: view.from, to: view.to, accountId }
    : { period: view.period, offset: view.offset, from: null, to: null, accountId };
}

/** The URL's query string of a view: only what differs from the defaults. */
export function searchOfView(v: ReportView) {
  const search = new URLSearchParams();
  if (v.period !== DEFAULT_PERIOD) search.set('period', v.period);
  if (isCustom(v)) {
    search.set('from', v.from);
    search.set('to', v.to);
  } else if (v.offset !== 0) search.set('offset', String(v.offset));
  if (v.accountId) search.set('accountId', v.accountId);
  return search;
}

/**
 * An export of the window on screen (docs/product.md#exports): the period's word, and the offset,
 * range and account only when set, so the spec's window asks exactly what the spec says.
 */
export function exportPath(file: 'transactions.csv' | 'report.html', v: ReportView) {
  const search = new URLSearchParams({ period: PERIODS.find((p) => p.value === v.period)!.query });
  if (isCustom(v)) {
    search.set('from', v.from);
    search.set('to', v.to);
  } else if (v.offset !== 0) search.set('offset', String(v.offset));
  if (v.accountId) search.set('accountId', fromGlobalId('Account', v.accountId));
  return `/api/export/${file}?${search}`;
}

/** Transactions of one category (a global id; null: uncategorized) on the report's days and account. */
export function transactionsLink(v: ReportView, window: { from: string; to: string }, categoryId: string | null) {
  const search = new URLSearchParams(categoryId ? { categoryId } : { uncategorized: 'true' });
  search.set('from', window.from);
  search.set('to', window.to);
  if (v.accountId) search.set('accountId', v.accountId);
  return `/transactions?${search}`;
}
