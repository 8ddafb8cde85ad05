import { z } from 'zod';
import { clearable, updateInput } from '../updates.ts';
import { statusSchema } from './reconcile.ts';
import { payeeField, payeeNameSchema } from './payees.ts';
import { ACCOUNT_ID_MESSAGE, amountSchema, calendarDateSchema, centsOf, optional, positiveAmountSchema } from '../validation.ts';

export const DESCRIPTION_MESSAGE = 'Description is required';

const description = z
  .string({ message: DESCRIPTION_MESSAGE })
  .trim()
  .min(1, DESCRIPTION_MESSAGE)
  .max(500, 'Description must be at most 500 characters');

const categoryId = z.string({ message: 'Category must be a category id' });
const accountId = z.string({ message: ACCOUNT_ID_MESSAGE });

/**
 * What a transaction is (docs/product.md#refunds-and-splits): an expense (money spent, the spec's
 * and the default) or a refund (money back: it lowers its category's spending and raises its
 * account's balance).
 */
export const TRANSACTION_KINDS = ['expense', 'refund'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
const kind = z.enum(TRANSACTION_KINDS, { message: 'Kind must be expense or refund' });

export const SPLIT_TOTAL_MESSAGE = 'Split amounts must add up to the transaction amount';
export const SPLIT_CATEGORY_MESSAGE = 'A split transaction has its categories on its lines: leave its category empty';
export const MAX_SPLIT_LINES = 30;
export const SPLIT_LINES_MESSAGE = `A transaction splits into at most ${MAX_SPLIT_LINES} lines`;

/** One line of a split: a category (or none), an amount above zero, an optional note. */
export const splitLineInput = z.strictObject({
  categoryId: categoryId.nullish(),
  amount: positiveAmountSchema,
  notes: optional(z.string({ message: 'Note must be text' }).trim().max(200, 'Note must be at most 200 characters')),
});
export type SplitLineInput = z.input<typeof splitLineInput>;

/** A split's lines; an empty list is no split. */
const splits = z.array(splitLineInput, { message: 'splits must be a list of lines' }).max(MAX_SPLIT_LINES, SPLIT_LINES_MESSAGE);

/** Whether split lines add up exactly to `amount` (both valid amounts). */
export const splitsAddUp = (amount: string, lines: readonly { amount: string }[]) =>
  lines.reduce((sum, line) => sum + centsOf(line.amount), 0n) === centsOf(amount);

/**
 * The rules between a transaction's fields when they are given together: split lines add up to
 * the amount, and a split transaction names no category of its own. The service checks the same
 * against the stored transaction for an edit that gives only some of them.
 */
function checkSplit(t: { amount?: string; categoryId?: string | null; splits?: readonly { amount: string }[] }, ctx: z.RefinementCtx) {
  if (!t.splits?.length) return;
  if (t.categoryId) ctx.addIssue({ code: 'custom', path: ['categoryId'], message: SPLIT_CATEGORY_MESSAGE });
  if (t.amount !== undefined && !splitsAddUp(t.amount, t.splits))
    ctx.addIssue({ code: 'custom', path: ['splits'], message: SPLIT_TOTAL_MESSAGE });
}

export const addTransactionInput = z
  .object({
    amount: positiveAmountSchema,
    description,
    date: calendarDateSchema,
    categoryId: categoryId.nullish(),
    // The account it was paid from (its balance goes down); none by default.
    accountId: accountId.nullish(),
    kind: optional(kind).meta({ description: '`expense` (the default) or `refund`: money back, which raises the account’s balance' }),
    splits: splits.optional().meta({ description: 'Its lines in several categories, adding up to `amount`; leave `categoryId` empty' }),
    status: optional(statusSchema),
    payee: payeeField,
  })
  .strict()
  .superRefine(checkSplit);

/**
 * An edit of a transaction: any of its fields; a null or blank category makes it uncategorized, a
 * null account takes it out of its account. `splits` replaces its lines (`[]` removes the split);
 * a category given without `splits` puts the whole transaction in it (a split one stops being split).
 */
export const updateTransactionInput = updateInput({
  amount: positiveAmountSchema,
  description,
  date: calendarDateSchema,
  categoryId: clearable(categoryId),
  accountId: clearable(accountId),
  status: statusSchema,
  kind,
  splits,
  payee: clearable(payeeNameSchema),
}).superRefine(checkSplit);

const truthy = z
  .union([z.boolean(), z.enum(['true', 'false'])], { message: 'uncategorized must be true or false' })
  .transform((v) => v === true || v === 'true');

/**
 * Which transactions a list, a sum or a bulk change takes (docs/product.md#transactions): every
 * condition given must hold. Days are inclusive; amounts are the transactions' (positive) amounts.
 * The same fields are the REST list's query parameters, a bulk call's `filter` and the web app's URL.
 */
const filterFields = {
  q: optional(z.string({ message: 'Search must be text' }).trim().max(200, 'Search must be at most 200 characters')).meta({
    description:
      'Words in the description or the payee: each must appear, anywhere (inside words too) and in any order; case and accents ignored',
  }),
  from: optional(calendarDateSchema).meta({ description: 'On or after this day (YYYY-MM-DD)' }),
  to: optional(calendarDateSchema).meta({ description: 'On or before this day (YYYY-MM-DD)' }),
  minAmount: optional(amountSchema).meta({ description: 'At least this amount' }),
  maxAmount: optional(amountSchema).meta({ description: 'At most this amount' }),
  categoryId: optional(categoryId).meta({ description: 'Only this category (a split transaction with a line in it too)' }),
  uncategorized: optional(truthy).meta({
    description: '`true`: only the transactions without a category, split ones with a line without one too (before `categoryId`)',
  }),
  accountId: optional(accountId).meta({ description: 'Only the transactions paid from this account' }),
  kind: optional(kind).meta({ description: 'Only expenses (`expense`) or only refunds (`refund`)' }),
  payeeId: optional(z.string({ message: 'Payee must be a payee id' })).meta({ description: 'Only the transactions of this payee' }),
};

function checkRanges(f: { from?: string; to?: string; minAmount?: string; maxAmount?: string }, ctx: z.RefinementCtx) {
  if (f.from && f.to && f.from > f.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start date' });
  if (f.minAmount && f.maxAmount && centsOf(f.minAmount) > centsOf(f.maxAmount))
    ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: 'The maximum amount must be at least the minimum' });
}

/** GET /api/transactions's filters (other query parameters, such as paging, are the list's). */
export const transactionFilterQuery = z.object(filterFields).superRefine(checkRanges);

/** A filter sent in a body or by GraphQL: the same fields, and nothing else. */
export const transactionFilterInput = z.strictObject(filterFields).superRefine(checkRanges);
export type TransactionFilterInput = z.input<typeof transactionFilterInput>;

/** The most transactions a bulk change takes by id. */
export const MAX_BULK_IDS = 5000;
export const BULK_IDS_MESSAGE = `At most ${MAX_BULK_IDS} transactions at once: choose them with a filter instead`;

/** The transactions a bulk change takes: these ids (all the user's, or the call changes nothing), or every one a filter matches. */
const selection = {
  ids: z
    .array(z.string({ message: 'ids must be transaction ids' }), { message: 'ids must be a list of transaction ids' })
    .min(1, 'Choose at least one transaction')
    .max(MAX_BULK_IDS, BULK_IDS_MESSAGE)
    .optional(),
  filter: transactionFilterInput.optional(),
};
const oneSelection = (s: { ids?: unknown; filter?: unknown }, ctx: z.RefinementCtx) => {
  if ((s.ids === undefined) === (s.filter === undefined))
    ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Send either ids or a filter' });
};

/** PATCH /api/transactions, updateTransactions: one category (null: uncategorized) for many transactions. */
export const updateTransactionsInput = z.strictObject({ ...selection, categoryId: categoryId.nullable() }).superRefine(oneSelection);

/** POST /api/transactions/bulk-delete, deleteTransactions. */
export const deleteTransactionsInput = z.strictObject(selection).superRefine(oneSelection);
