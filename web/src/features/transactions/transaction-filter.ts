import { fieldErrors } from '../../../../shared/field-errors.ts';
import { transactionFilterQuery } from '../../../../shared/inputs/transactions.ts';
import { fromGlobalId } from '../../lib/global-id.ts';
import { toCents } from '../../lib/money.ts';
import type { ListOrder } from '../../relay/list-order.ts';

/**
 * The Transactions screen's filters (docs/product.md#transactions). They live in the URL
 * (`/transactions?q=coffee&from=2026-03-01&categoryId=…`), so back, reload and a shared link keep
 * them; category and account are global ids there, as GraphQL takes them.
 */
export const FILTER_FIELDS = [
  'q',
  'from',
  'to',
  'minAmount',
  'maxAmount',
  'categoryId',
  'uncategorized',
  'accountId',
  'kind',
  'payeeId',
] as const;
type Field = (typeof FILTER_FIELDS)[number];

/** The filters as the form shows them: text, "" when not set. */
export type FilterValues = Record<Exclude<Field, 'uncategorized'>, string> & { uncategorized: boolean };

/** What the list's GraphQL filter gets: only the conditions set; null for none (all transactions). */
export type Filter = {
  q?: string;
  from?: string;
  to?: string;
  minAmount?: string;
  maxAmount?: string;
  categoryId?: string;
  uncategorized?: boolean;
  accountId?: string;
  payeeId?: string;
  /** The URL says `kind=refund`, as REST does; GraphQL's enum is upper case. */
  kind?: 'EXPENSE' | 'REFUND';
} | null;

export const CATEGORY_NOT_FOUND = 'Category not found';
export const ACCOUNT_NOT_FOUND = 'Account not found';
export const PAYEE_NOT_FOUND = 'Payee not found';

/** The record ids of the URL: a global id of their type (a raw or mistyped id names no record). */
const IDS = [
  ['categoryId', 'BudgetCategory', CATEGORY_NOT_FOUND],
  ['accountId', 'Account', ACCOUNT_NOT_FOUND],
  ['payeeId', 'Payee', PAYEE_NOT_FOUND],
] as const;

/**
 * The URL's filters: their values for the form, the filter for the list (without the values the
 * shared schema refuses, or ids of nothing), and the messages of those it refused.
 */
export function readFilters(search: URLSearchParams) {
  const values = Object.fromEntries(FILTER_FIELDS.map((f) => [f, search.get(f) ?? ''])) as Record<Field, string>;
  const form: FilterValues = { ...values, uncategorized: values.uncategorized === 'true' };
  const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
  const parsed = transactionFilterQuery.safeParse(given);
  const errors: Partial<Record<Field, string>> = parsed.success ? {} : fieldErrors(parsed.error);
  for (const [field, type, message] of IDS) if (given[field] && !fromGlobalId(type, given[field])) errors[field] ??= message;
  const kept = Object.fromEntries(
    Object.entries(given)
      .filter(([f]) => !errors[f as Field])
      .map(([f, v]) => [f, f === 'uncategorized' ? v === 'true' : f === 'kind' ? v.trim().toUpperCase() : v.trim()]),
  );
  if (kept.uncategorized === false) delete kept.uncategorized;
  const filter: Filter = Object.keys(kept).length ? kept : null;
  return { values: form, filter, errors };
}

/** The list's variables from the URL's filters (the route's loader starts the query with them). */
export const transactionsVariables = (search: URLSearchParams) => ({ filter: readFilters(search).filter });

/** The query string of `values`: only what is set. */
export function searchOf(values: Partial<FilterValues>) {
  const search = new URLSearchParams();
  for (const [field, value] of Object.entries(values)) {
    if (value === true) search.set(field, 'true');
    else if (typeof value === 'string' && value.trim() !== '') search.set(field, value.trim());
  }
  return search;
}

/** Folds text as the server's search does (lower case, no accents), to tell whether a new row belongs on screen. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Whether `text` (a description and its payee) has every word of the search `q`, each anywhere (docs/product.md#transactions). */
const hasWords = (description: string, q: string) =>
  fold(q)
    .split(/\s+/)
    .every((word) => fold(description).includes(word));

/**
 * Whether a transaction belongs in the list shown under `filter` (a new or edited row joins it, or
 * leaves it). A split one is in a category when one of its lines is (docs/product.md#refunds-and-splits).
 */
export function inFilter(
  filter: Filter,
  t: {
    categoryId: string | null;
    accountId: string | null;
    description?: string;
    /** Its payee's name, which the search looks at too. */
    payee?: string | null;
    date?: string;
    amount?: string;
    kind?: 'EXPENSE' | 'REFUND';
    splits?: readonly { categoryId: string | null }[];
  },
) {
  if (!filter) return true;
  const categories = t.splits?.length ? t.splits.map((line) => line.categoryId) : [t.categoryId];
  if (filter.uncategorized ? !categories.includes(null) : filter.categoryId !== undefined && !categories.includes(filter.categoryId))
    return false;
  if (filter.kind && t.kind && filter.kind !== t.kind) return false;
  if (filter.accountId !== undefined && filter.accountId !== t.accountId) return false;
  if (filter.q && t.description !== undefined && !hasWords(`${t.description} ${t.payee ?? ''}`, filter.q)) return false;
  // A payee filter names a payee by id, which a form's values do not carry: the row stays until the list is read again.
  if (t.date && ((filter.from && t.date < filter.from) || (filter.to && t.date > filter.to))) return false;
  if (t.amount && filter.minAmount && toCents(t.amount) < toCents(filter.minAmount)) return false;
  if (t.amount && filter.maxAmount && toCents(t.amount) > toCents(filter.maxAmount)) return false;
  return true;
}

/** A list of transactions' order (docs/product.md#transactions): newest day first, then newest added. */
export const TRANSACTION_ORDER: ListOrder = { by: [['date', 'desc']], ties: 'first' };

/**
 * The list on screen, which an add or an edit updates in place: its connection (to add the new
 * row to, or drop an edited row that left the filter from) and the filter its count follows.
 */
export interface ShownList {
  connectionId: string;
  filter: Filter;
}
