import { createRuleInput, OPS_OF, RULE_FIELDS, RULE_KINDS, RULE_OPS } from '../../../../shared/inputs/rules.ts';

/**
 * A rule as the Rules screen's form holds it (docs/product.md#rules): each condition's value as
 * text (`high`: a BETWEEN's second amount), the actions' fields blank when not set; categories and
 * accounts as the global ids the selects give. `toInput` is GraphQL's input; `check` runs the
 * shared schema over it, so the form shows the server's messages.
 */
export type RuleField = (typeof RULE_FIELDS)[number];
export type RuleOp = (typeof RULE_OPS)[number];
export type ConditionValues = { field: RuleField; op: RuleOp; value: string; high: string };
export type RuleValues = {
  conditions: ConditionValues[];
  payee: string;
  categoryId: string;
  notes: string;
  transferAccountId: string;
};

export const FIELD_LABELS: Record<RuleField, string> = {
  payee: 'Payee',
  description: 'Description',
  amount: 'Amount',
  accountId: 'Account',
  kind: 'Kind',
};
export const OP_LABELS: Record<RuleOp, string> = { contains: 'contains', is: 'is', startsWith: 'starts with', between: 'is between' };
export const KIND_LABELS: Record<(typeof RULE_KINDS)[number], string> = {
  expense: 'Expense',
  refund: 'Refund',
  income: 'Income (paycheck)',
  transfer: 'Transfer',
};

export const newCondition = (field: RuleField = 'payee'): ConditionValues => ({
  field,
  op: OPS_OF[field][0]!,
  value: field === 'kind' ? 'expense' : '',
  high: '',
});

export const emptyRule = (): RuleValues => ({ conditions: [newCondition()], payee: '', categoryId: '', notes: '', transferAccountId: '' });

/** A condition after its field changed: an operation and value that field takes. */
export function withField(c: ConditionValues, field: RuleField): ConditionValues {
  return OPS_OF[field].includes(c.op) && field !== 'kind' && c.field !== 'kind' ? { ...c, field } : newCondition(field);
}

const blankless = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** The GraphQL input of the form's values (values as lists of text, ids global). */
export function toInput(v: RuleValues) {
  return {
    conditions: v.conditions.map((c) => ({
      field: c.field.replace(/[A-Z]/g, (l) => `_${l}`).toUpperCase() as 'PAYEE',
      op: c.op.replace(/[A-Z]/g, (l) => `_${l}`).toUpperCase() as 'IS',
      value: c.op === 'between' ? [c.value.trim(), c.high.trim()] : [c.value.trim()],
    })),
    actions: {
      payee: blankless(v.payee) ?? null,
      categoryId: blankless(v.categoryId) ?? null,
      notes: blankless(v.notes) ?? null,
      transferAccountId: blankless(v.transferAccountId) ?? null,
    },
  };
}

/** The shared schema's messages for the form's values, by the form's field names ("conditions.0.value", "actions"). */
export function check(v: RuleValues): Record<string, string> {
  const parsed = createRuleInput.safeParse({
    conditions: v.conditions.map((c) => ({
      field: c.field,
      op: c.op,
      value: c.op === 'between' ? [c.value.trim(), c.high.trim()] : c.value,
    })),
    actions: Object.fromEntries(
      Object.entries({ payee: v.payee, categoryId: v.categoryId, notes: v.notes, transferAccountId: v.transferAccountId }).flatMap(
        ([k, x]) => (blankless(x) === undefined ? [] : [[k, x]]),
      ),
    ),
  });
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return errors;
}

/** The form's values of a stored rule (as GraphQL reads it). */
export function fromRule(rule: {
  conditions: readonly { field: string; op: string; value: readonly string[] }[];
  actions: { payee?: string | null; categoryId?: string | null; notes?: string | null; transferAccountId?: string | null };
}): RuleValues {
  const lower = (name: string) => name.toLowerCase().replace(/_(\w)/g, (_m, l: string) => l.toUpperCase());
  return {
    conditions: rule.conditions.map((c) => ({
      field: lower(c.field) as RuleField,
      op: lower(c.op) as RuleOp,
      value: c.value[0] ?? '',
      high: c.value[1] ?? '',
    })),
    payee: rule.actions.payee ?? '',
    categoryId: rule.actions.categoryId ?? '',
    notes: rule.actions.notes ?? '',
    transferAccountId: rule.actions.transferAccountId ?? '',
  };
}

/** Names of the records a rule names, by global id, to say it in words. */
export type RuleNames = { categories: ReadonlyMap<string, string>; accounts: ReadonlyMap<string, string> };

/** A rule in words: "Payee contains “bottle” and Amount is between 1.00 and 20.00" and "Category Coffee, Payee Blue Bottle". */
export function describeRule(v: RuleValues, names: RuleNames) {
  const when = v.conditions
    .map((c) => {
      const value =
        c.field === 'accountId'
          ? (names.accounts.get(c.value) ?? 'a deleted account')
          : c.field === 'kind'
            ? (KIND_LABELS[c.value as keyof typeof KIND_LABELS] ?? c.value)
            : c.field === 'amount'
              ? c.op === 'between'
                ? `${c.value} and ${c.high}`
                : c.value
              : `“${c.value.trim()}”`;
      return `${FIELD_LABELS[c.field]} ${OP_LABELS[c.op]} ${value}`;
    })
    .join(' and ');
  const then = [
    v.payee && `Payee ${v.payee}`,
    v.categoryId && `Category ${names.categories.get(v.categoryId) ?? 'a deleted category'}`,
    v.notes && `Notes “${v.notes}”`,
    v.transferAccountId && `Transfer with ${names.accounts.get(v.transferAccountId) ?? 'a deleted account'}`,
  ]
    .filter(Boolean)
    .join(', ');
  return { when, then };
}
