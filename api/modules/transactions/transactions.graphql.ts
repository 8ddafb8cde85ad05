import { ActivityStatusEnum } from '../accounts/activity-status.graphql.ts';
import type { ActivityStatus } from '../../../shared/inputs/reconcile.ts';
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { Transaction } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';
import { BudgetCategoryRef } from '../budget/budget.graphql.ts';
import { deleteMutation, MutationPayload, updateMutation } from '../../graphql/mutations.ts';
import { UserRef } from '../users/users.graphql.ts';
import {
  addTransaction,
  countTransactions,
  deleteTransaction,
  deleteTransactions,
  transactionSummary,
  updateTransaction,
  updateTransactions,
} from './transactions.service.ts';
import { parseTransactionFilter, type TransactionFilter } from './transaction-filter.ts';
import { transactionPage } from './transaction-page.ts';
import type { Decimal } from '../../lib/money.ts';
import { AccountRef } from '../accounts/accounts.graphql.ts';
import type { TransactionKind as Kind } from '../../../shared/inputs/transactions.ts';
import { SPLIT_ORDER } from './splits.ts';
import { PayeeRef } from '../payees/payees.graphql.ts';

export const TransactionKind = builder.enumType('TransactionKind', {
  description: 'What a transaction is: money spent, or money back.',
  values: {
    EXPENSE: { value: 'expense', description: 'Money spent: it lowers its account’s balance and counts in its category’s spending.' },
    REFUND: {
      value: 'refund',
      description: 'Money back (shown as a positive amount): it raises its account’s balance and is taken off its category’s spending.',
    },
  } satisfies Record<Uppercase<Kind>, { value: Kind; description: string }>,
});

export const TransactionSplitRef = builder.prismaObject('TransactionSplit', {
  description: 'One line of a split transaction: part of its amount in a category, or in none.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Identifies the line; lines are replaced together, never changed one by one.' }),
    categoryId: t.field({
      type: 'ID',
      nullable: true,
      description: 'The global id of its category; null when uncategorized.',
      resolve: (line) => line.categoryId && encodeGlobalID('BudgetCategory', line.categoryId),
    }),
    category: t.relation('category', { nullable: true, description: 'Its budget category, if any.' }),
    amount: t.expose('amount', { type: 'Money', description: 'Its part of the transaction’s amount, above zero.' }),
    notes: t.exposeString('notes', { nullable: true, description: 'A note on the line, or null.' }),
  }),
});

export const TransactionRef = builder.prismaNode('Transaction', {
  id: { field: 'id' },
  description: 'An expense, or a refund (money back).',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    amount: t.expose('amount', {
      type: 'Money',
      description: 'The amount, without a sign (an expense is shown as a negative dollar value, a refund as a positive one).',
    }),
    kind: t.field({ type: TransactionKind, description: 'Expense or refund.', resolve: (tr) => tr.kind as Kind }),
    splits: t.relation('splits', {
      description: 'Its lines when it is split across categories (its own category is then null), in their order; empty otherwise.',
      query: { orderBy: SPLIT_ORDER },
    }),
    status: t.field({
      type: ActivityStatusEnum,
      description: 'Where it stands against the bank.',
      resolve: (r) => r.status as ActivityStatus,
    }),
    description: t.exposeString('description', { description: 'What the money was spent on, 1 to 500 characters.' }),
    date: t.expose('date', { type: 'Date', description: 'The day of the expense.' }),
    category: t.relation('category', { nullable: true, description: 'The budget category, if any.' }),
    account: t.relation('account', { nullable: true, description: 'The account it was paid from (its balance went down), if any.' }),
    payee: t.relation('payee', { nullable: true, description: 'Who was paid, if any.' }),
    importedDescription: t.exposeString('importedDescription', {
      nullable: true,
      description: 'The bank’s own text of an imported transaction, kept beside its cleaned payee; null when not imported.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was recorded; orders transactions of the same date.' }),
  }),
});

export const TransactionFilterInput = builder.inputType('TransactionFilter', {
  description: 'Which transactions: every condition given must hold; none, all of them. Days are inclusive.',
  fields: (t) => ({
    q: t.string({
      required: false,
      description:
        'Words in the description or the payee: each must appear, anywhere (inside words too) and in any order; case and accents ignored.',
    }),
    from: t.field({ type: 'Date', required: false, description: 'On or after this day.' }),
    to: t.field({ type: 'Date', required: false, description: 'On or before this day.' }),
    minAmount: t.field({ type: 'Money', required: false, description: 'At least this amount.' }),
    maxAmount: t.field({ type: 'Money', required: false, description: 'At most this amount.' }),
    accountId: t.globalID({ for: AccountRef, required: false, description: 'Only the transactions paid from this account.' }),
    categoryId: t.globalID({
      for: BudgetCategoryRef,
      required: false,
      description: 'Only the transactions of this category, split ones with a line in it too.',
    }),
    uncategorized: t.boolean({
      required: false,
      description:
        'True: only the transactions without a category, split ones with a line without one too (takes precedence over categoryId).',
    }),
    kind: t.field({ type: TransactionKind, required: false, description: 'Only expenses, or only refunds.' }),
    payeeId: t.globalID({ for: PayeeRef, required: false, description: 'Only the transactions of this payee.' }),
  }),
});

type FilterArg = {
  q?: string | null;
  from?: string | null;
  to?: string | null;
  minAmount?: string | null;
  maxAmount?: string | null;
  categoryId?: { id: string } | null;
  uncategorized?: boolean | null;
  accountId?: { id: string } | null;
  kind?: Kind | null;
  payeeId?: { id: string } | null;
} | null;

/** The filter's fields as the shared schema reads them (plain ids), for the service to check. */
const filterFields = (filter?: FilterArg) =>
  filter && { ...filter, categoryId: filter.categoryId?.id, accountId: filter.accountId?.id, payeeId: filter.payeeId?.id };

function toFilter(filter?: FilterArg): TransactionFilter {
  return parseTransactionFilter(filterFields(filter));
}

builder.prismaObjectFields(UserRef, (t) => ({
  transactions: t.prismaConnection({
    type: 'Transaction',
    cursor: 'id',
    description: "The user's transactions, newest first (date, then time added), optionally filtered. Cursor-paginated.",
    args: { filter: t.arg({ type: TransactionFilterInput, required: false }) },
    maxSize: 200,
    totalCount: (_user, args, ctx) => countTransactions(ctx.viewer, toFilter(args.filter)),
    // Pothos's `query` gives the page (take, skip, cursor) and the relations the selection reads (include).
    resolve: (query, _user, args, ctx) => transactionPage(ctx.viewer, toFilter(args.filter), query),
  }),
  transactionSummary: t.field({
    type: TransactionSummary,
    description: 'How many transactions the filter matches, and the sum of their amounts (refunds taken off).',
    args: { filter: t.arg({ type: TransactionFilterInput, required: false }) },
    resolve: (_user, args, ctx) => transactionSummary(ctx.viewer, toFilter(args.filter)),
  }),
}));

const TransactionSummary = builder.objectRef<{ count: number; total: Decimal }>('TransactionSummary').implement({
  description: 'The transactions a filter matches, in figures.',
  fields: (t) => ({
    count: t.exposeInt('count', { description: 'How many.' }),
    total: t.expose('total', { type: 'Money', description: 'The sum of their amounts, refunds taken off.' }),
  }),
});

const BulkTransactionsPayload = builder.objectRef<{ count: number }>('BulkTransactionsPayload').implement({
  description: 'How many transactions a bulk change changed, and the signed-in user after it.',
  interfaces: [MutationPayload],
  fields: (t) => ({ count: t.exposeInt('count', { description: 'How many transactions it changed.' }) }),
});

const bulkSelection = {
  ids: 'These transactions (at most 5000; every one yours, or nothing changes). Send ids or a filter.',
  filter: 'Every transaction this filter matches.',
};

const UpdateTransactionsInput = builder.inputType('UpdateTransactionsInput', {
  description: 'Many transactions and the one category they get, for updateTransactions.',
  fields: (t) => ({
    ids: t.globalIDList({ for: TransactionRef, required: false, description: bulkSelection.ids }),
    filter: t.field({ type: TransactionFilterInput, required: false, description: bulkSelection.filter }),
    categoryId: t.globalID({
      for: BudgetCategoryRef,
      required: false,
      description: 'The category they get; null makes them uncategorized.',
    }),
  }),
});

const DeleteTransactionsInput = builder.inputType('DeleteTransactionsInput', {
  description: 'Many transactions, for deleteTransactions.',
  fields: (t) => ({
    ids: t.globalIDList({ for: TransactionRef, required: false, description: bulkSelection.ids }),
    filter: t.field({ type: TransactionFilterInput, required: false, description: bulkSelection.filter }),
  }),
});

/** A bulk input as the shared schema reads it (plain ids). */
const bulkFields = (input: { ids?: { id: string }[] | null; filter?: FilterArg }) => ({
  ...(input.ids ? { ids: input.ids.map((i) => i.id) } : {}),
  ...(input.filter ? { filter: filterFields(input.filter) } : {}),
});

builder.mutationFields((t) => ({
  updateTransactions: t.field({
    type: BulkTransactionsPayload,
    description: 'Gives many transactions one category, all or nothing.',
    args: { input: t.arg({ type: UpdateTransactionsInput }) },
    resolve: (_root, { input }, ctx) => updateTransactions(ctx.viewer, { ...bulkFields(input), categoryId: input.categoryId?.id ?? null }),
  }),
  deleteTransactions: t.field({
    type: BulkTransactionsPayload,
    description: 'Deletes many transactions, all or nothing; their amounts go back to their accounts.',
    args: { input: t.arg({ type: DeleteTransactionsInput }) },
    resolve: (_root, { input }, ctx) => deleteTransactions(ctx.viewer, bulkFields(input)),
  }),
}));

const SplitLineInput = builder.inputType('SplitLineInput', {
  description: 'One line of a split: part of the transaction’s amount in a category, or in none.',
  fields: (t) => ({
    categoryId: t.globalID({ for: BudgetCategoryRef, required: false, description: 'One of your categories, or none.' }),
    amount: t.field({ type: 'Money', description: 'Its part of the amount, above zero.' }),
    notes: t.string({ required: false, description: 'An optional note, at most 200 characters.' }),
  }),
});

type SplitLineArg = { categoryId?: { id: string } | null; amount: string; notes?: string | null };

/** Split lines as the shared schema reads them (plain category ids); absent stays absent. */
const splitFields = (splits: SplitLineArg[] | null | undefined) =>
  splits && splits.map((line) => ({ ...line, categoryId: line.categoryId?.id ?? null }));

const AddTransactionInput = builder.inputType('AddTransactionInput', {
  description: 'A new expense or refund, for addTransaction.',
  fields: (t) => ({
    amount: t.field({ type: 'Money', description: 'The amount spent (or refunded), without a sign.' }),
    description: t.string({ description: 'At least one character.' }),
    date: t.field({ type: 'Date', description: 'The day of the expense.' }),
    categoryId: t.globalID({
      for: BudgetCategoryRef,
      required: false,
      description: 'One of your categories, or none (none for a split transaction).',
    }),
    accountId: t.globalID({
      for: AccountRef,
      required: false,
      description: 'The account it was paid from (its balance goes down; a refund’s goes up), or none.',
    }),
    kind: t.field({ type: TransactionKind, required: false, description: 'EXPENSE (the default) or REFUND.' }),
    splits: t.field({
      type: [SplitLineInput],
      required: false,
      description: 'Its lines in several categories, adding up exactly to the amount; none or empty: not split.',
    }),
    status: t.field({ type: ActivityStatusEnum, required: false, description: 'Where it stands against the bank; default UNCLEARED.' }),
    payee: t.string({ required: false, description: 'Who was paid, by name: one of your payees or a new one; none when blank.' }),
  }),
});

const TransactionPayload = builder.objectRef<{ transaction: Transaction }>('TransactionPayload').implement({
  description: 'The added transaction, and the signed-in user for the totals it moved.',
  interfaces: [MutationPayload],
  fields: (t) => ({ transaction: t.field({ type: TransactionRef, description: 'The added transaction.', resolve: (p) => p.transaction }) }),
});

builder.mutationFields((t) => ({
  addTransaction: t.field({
    type: TransactionPayload,
    description: 'Records an expense or a refund, split across categories or not.',
    args: { input: t.arg({ type: AddTransactionInput }) },
    resolve: async (_root, { input }, ctx) => ({
      transaction: await addTransaction(ctx.viewer, {
        ...input,
        categoryId: input.categoryId?.id ?? null,
        accountId: input.accountId?.id ?? null,
        splits: splitFields(input.splits) ?? undefined,
      }),
    }),
  }),
}));

deleteMutation('deleteTransaction', {
  node: TransactionRef,
  description: 'Deletes a transaction.',
  remove: deleteTransaction,
});

updateMutation('updateTransaction', {
  node: TransactionRef,
  field: 'transaction',
  description:
    "Changes a transaction's amount, kind, description, date, category, account or split lines: only the fields given; balances follow.",
  fields: (t) => ({
    amount: t.field({ type: 'Money', required: false, description: 'The amount spent (or refunded), without a sign.' }),
    kind: t.field({ type: TransactionKind, required: false, description: 'EXPENSE or REFUND.' }),
    splits: t.field({
      type: [SplitLineInput],
      required: false,
      description: 'Replaces its lines (adding up exactly to the amount); empty: no longer split; absent: unchanged.',
    }),
    description: t.string({ required: false, description: 'At least one character, at most 500.' }),
    date: t.field({ type: 'Date', required: false, description: 'The day of the expense.' }),
    categoryId: t.globalID({
      for: BudgetCategoryRef,
      required: false,
      description: 'One of your categories, for the whole of it (a split one stops being split); null makes it uncategorized.',
    }),
    accountId: t.globalID({ for: AccountRef, required: false, description: 'One of your accounts; null takes it out of its account.' }),
    status: t.field({ type: ActivityStatusEnum, required: false, description: 'Where it stands against the bank.' }),
    payee: t.string({ required: false, description: 'Who was paid, by name (found or created); null or blank: none.' }),
  }),
  // A missing category, account or split stays as it is; null clears a category or an account.
  update: (viewer, id, { categoryId, accountId, splits, ...changes }) =>
    updateTransaction(viewer, id, {
      ...changes,
      categoryId: categoryId && categoryId.id,
      accountId: accountId && accountId.id,
      splits: splitFields(splits),
    }),
});
