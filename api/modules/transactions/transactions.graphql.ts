import { ActivityStatusEnum } from '../accounts/activity-status.graphql.ts';
import type { ActivityStatus } from '../../../shared/inputs/reconcile.ts';
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

export const TransactionRef = builder.prismaNode('Transaction', {
  id: { field: 'id' },
  description: 'An expense.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    amount: t.expose('amount', { type: 'Money', description: 'The amount spent (shown as a negative dollar value).' }),
    status: t.field({ type: ActivityStatusEnum, description: 'Where it stands against the bank.', resolve: (r) => r.status as ActivityStatus }),
    description: t.exposeString('description', { description: 'What the money was spent on, 1 to 500 characters.' }),
    date: t.expose('date', { type: 'Date', description: 'The day of the expense.' }),
    category: t.relation('category', { nullable: true, description: 'The budget category, if any.' }),
    account: t.relation('account', { nullable: true, description: 'The account it was paid from (its balance went down), if any.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was recorded; orders transactions of the same date.' }),
  }),
});

export const TransactionFilterInput = builder.inputType('TransactionFilter', {
  description: 'Which transactions: every condition given must hold; none, all of them. Days are inclusive.',
  fields: (t) => ({
    q: t.string({
      required: false,
      description: 'Words in the description: each must appear, anywhere (inside words too) and in any order; case and accents ignored.',
    }),
    from: t.field({ type: 'Date', required: false, description: 'On or after this day.' }),
    to: t.field({ type: 'Date', required: false, description: 'On or before this day.' }),
    minAmount: t.field({ type: 'Money', required: false, description: 'At least this amount.' }),
    maxAmount: t.field({ type: 'Money', required: false, description: 'At most this amount.' }),
    accountId: t.globalID({ for: AccountRef, required: false, description: 'Only the transactions paid from this account.' }),
    categoryId: t.globalID({ for: BudgetCategoryRef, required: false, description: 'Only the transactions of this category.' }),
    uncategorized: t.boolean({
      required: false,
      description: 'True: only the transactions without a category (takes precedence over categoryId).',
    }),
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
} | null;

/** The filter's fields as the shared schema reads them (plain ids), for the service to check. */
const filterFields = (filter?: FilterArg) => filter && { ...filter, categoryId: filter.categoryId?.id, accountId: filter.accountId?.id };

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
    description: 'How many transactions the filter matches, and the sum of their amounts.',
    args: { filter: t.arg({ type: TransactionFilterInput, required: false }) },
    resolve: (_user, args, ctx) => transactionSummary(ctx.viewer, toFilter(args.filter)),
  }),
}));

const TransactionSummary = builder.objectRef<{ count: number; total: Decimal }>('TransactionSummary').implement({
  description: 'The transactions a filter matches, in figures.',
  fields: (t) => ({
    count: t.exposeInt('count', { description: 'How many.' }),
    total: t.expose('total', { type: 'Money', description: 'The sum of their amounts.' }),
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

const AddTransactionInput = builder.inputType('AddTransactionInput', {
  description: 'A new expense, for addTransaction.',
  fields: (t) => ({
    amount: t.field({ type: 'Money', description: 'The amount spent, without a sign.' }),
    description: t.string({ description: 'At least one character.' }),
    date: t.field({ type: 'Date', description: 'The day of the expense.' }),
    categoryId: t.globalID({ for: BudgetCategoryRef, required: false, description: 'One of your categories, or none.' }),
    accountId: t.globalID({
      for: AccountRef,
      required: false,
      description: 'The account it was paid from (its balance goes down), or none.',
    }),
    status: t.field({ type: ActivityStatusEnum, required: false, description: 'Where it stands against the bank; default UNCLEARED.' }),
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
    description: 'Records an expense.',
    args: { input: t.arg({ type: AddTransactionInput }) },
    resolve: async (_root, { input }, ctx) => ({
      transaction: await addTransaction(ctx.viewer, {
        ...input,
        categoryId: input.categoryId?.id ?? null,
        accountId: input.accountId?.id ?? null,
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
  description: "Changes a transaction's amount, description, date, category or account: only the fields given; balances follow.",
  fields: (t) => ({
    amount: t.field({ type: 'Money', required: false, description: 'The amount spent, without a sign.' }),
    description: t.string({ required: false, description: 'At least one character, at most 500.' }),
    date: t.field({ type: 'Date', required: false, description: 'The day of the expense.' }),
    categoryId: t.globalID({
      for: BudgetCategoryRef,
      required: false,
      description: 'One of your categories; null makes it uncategorized.',
    }),
    accountId: t.globalID({ for: AccountRef, required: false, description: 'One of your accounts; null takes it out of its account.' }),
    status: t.field({ type: ActivityStatusEnum, required: false, description: 'Where it stands against the bank.' }),
  }),
  // A missing category or account stays as it is, null clears it.
  update: (viewer, id, { categoryId, accountId, ...changes }) =>
    updateTransaction(viewer, id, { ...changes, categoryId: categoryId && categoryId.id, accountId: accountId && accountId.id }),
});
