import type { Transaction } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';
import { BudgetCategoryRef } from '../budget/budget.graphql.ts';
import { deleteMutation, MutationPayload, updateMutation } from '../../graphql/mutations.ts';
import { UserRef } from '../users/users.graphql.ts';
import { addTransaction, countTransactions, deleteTransaction, listTransactions, updateTransaction } from './transactions.service.ts';
import type { TransactionFilter } from './transaction-filter.ts';
import { AccountRef } from '../accounts/accounts.graphql.ts';

export const TransactionRef = builder.prismaNode('Transaction', {
  id: { field: 'id' },
  description: 'An expense.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    amount: t.expose('amount', { type: 'Money', description: 'The amount spent (shown as a negative dollar value).' }),
    description: t.exposeString('description', { description: 'What the money was spent on, 1 to 500 characters.' }),
    date: t.expose('date', { type: 'Date', description: 'The day of the expense.' }),
    category: t.relation('category', { nullable: true, description: 'The budget category, if any.' }),
    account: t.relation('account', { nullable: true, description: 'The account it was paid from (its balance went down), if any.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was recorded; orders transactions of the same date.' }),
  }),
});

const TransactionFilterInput = builder.inputType('TransactionFilter', {
  description:
    'No filter: all transactions. `uncategorized`: those without a category. `categoryId`: one category. `accountId`: one account. Every condition given must hold.',
  fields: (t) => ({
    accountId: t.globalID({ for: AccountRef, required: false, description: 'Only the transactions paid from this account.' }),
    categoryId: t.globalID({ for: BudgetCategoryRef, required: false, description: 'Only the transactions of this category.' }),
    uncategorized: t.boolean({
      required: false,
      description: 'True: only the transactions without a category (takes precedence over categoryId).',
    }),
  }),
});

function toFilter(
  filter?: { categoryId?: { id: string } | null; uncategorized?: boolean | null; accountId?: { id: string } | null } | null,
): TransactionFilter {
  return {
    categoryId: filter?.categoryId?.id ?? null,
    uncategorized: filter?.uncategorized ?? null,
    accountId: filter?.accountId?.id ?? null,
  };
}

builder.prismaObjectFields(UserRef, (t) => ({
  transactions: t.prismaConnection({
    type: 'Transaction',
    cursor: 'id',
    description: "The user's transactions, newest first (date, then time added), optionally filtered. Cursor-paginated.",
    args: { filter: t.arg({ type: TransactionFilterInput, required: false }) },
    maxSize: 200,
    totalCount: (_user, args, ctx) => countTransactions(ctx.viewer, toFilter(args.filter)),
    resolve: (query, _user, args, ctx) => listTransactions(ctx.viewer, toFilter(args.filter), query),
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
  }),
  // A missing category or account stays as it is, null clears it.
  update: (viewer, id, { categoryId, accountId, ...changes }) =>
    updateTransaction(viewer, id, { ...changes, categoryId: categoryId && categoryId.id, accountId: accountId && accountId.id }),
});
