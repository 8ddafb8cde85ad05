/**
 * What an activity entry's before → after says changed, for the log (docs/product.md#shared-budgets):
 * the fields whose values differ, by a readable name, bookkeeping left out (ids, owners, times of
 * the row itself).
 */
export interface FieldChange {
  field: string;
  /** Null for a link to another record (an account, a category): its id says nothing to a reader. */
  from: string | null;
  to: string | null;
}

/** Fields of a row that are not what a person changed. */
const BOOKKEEPING = new Set([
  'id',
  'user_id',
  'userId',
  'budget_id',
  'budgetId',
  'created_at',
  'createdAt',
  'updated_at',
  'updatedAt',
  'created_by',
  'createdBy',
  'updated_by',
  'updatedBy',
]);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** "category_id" and "categoryId" both read "category". */
export function fieldLabel(field: string) {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .replace(/ id$/, '')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A link to another record, by its id. */
const isLink = (field: string) => /(_id|Id)$/.test(field);
/** Money, which the row's JSON may hold as a number ("12.5"): shown with its cents ("12.50"). */
const isMoney = (field: string) => /amount|balance/i.test(field);

/** A value as the log shows it: "—" for none. */
export function valueText(value: unknown, field = ''): string {
  if (value === null || value === undefined || value === '') return '—';
  if (isMoney(field) && /^-?\d+(\.\d+)?$/.test(String(value))) {
    const [whole, cents = ''] = String(value).split('.');
    return `${whole}.${cents.padEnd(2, '0')}`;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The fields changed between `before` and `after` (either may be absent: an addition, a deletion), in `after`'s order. */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields
    .filter((f) => !BOOKKEEPING.has(f) && JSON.stringify(b[f] ?? null) !== JSON.stringify(a[f] ?? null))
    .map((f) =>
      isLink(f)
        ? { field: fieldLabel(f), from: null, to: null }
        : { field: fieldLabel(f), from: valueText(b[f], f), to: valueText(a[f], f) },
    );
}

/** The kinds of record the log can be narrowed to: the server's `entity` names, and their labels. */
export const ACTIVITY_KINDS: readonly { entity: string; label: string }[] = [
  { entity: 'transaction', label: 'Transactions' },
  { entity: 'paycheck', label: 'Paychecks' },
  { entity: 'transfer', label: 'Transfers' },
  { entity: 'account', label: 'Accounts' },
  { entity: 'category', label: 'Categories' },
  { entity: 'bill', label: 'Bills' },
  { entity: 'goal', label: 'Goals' },
];
