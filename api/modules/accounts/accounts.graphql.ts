import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';
import type { Account } from '../../generated/prisma/client.ts';
import { deleteMutation, MutationPayload, updateMutation } from '../../graphql/mutations.ts';
import { UserRef } from '../users/users.graphql.ts';
import type { AccountType as AccountTypeValue } from '../../../shared/enums.ts';
import { createAccountInput } from '../../../shared/inputs/accounts.ts';
import { accountsSummary, createAccount, deleteAccount, listAccounts, setDefaultAccount, updateAccount } from './accounts.service.ts';
import { activityCounts } from './activity.ts';

export const AccountType = builder.enumType('AccountType', {
  description: 'Shown as Checking, Savings, Credit Card, Cash, Investment.',
  values: {
    checking: { description: 'A checking (current) account.' },
    savings: { description: 'A savings account.' },
    credit: { description: 'A credit card (shown as "Credit Card").' },
    cash: { description: 'Cash on hand.' },
    investment: { description: 'An investment account.' },
  } satisfies Record<AccountTypeValue, { description: string }>,
});

export const AccountRef = builder.prismaNode('Account', {
  id: { field: 'id' },
  description: 'A bank account, card, cash or investment account with its balance.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The account name, 1 to 100 characters.' }),
    type: t.field({ type: AccountType, description: 'What kind of account it is.', resolve: (a) => a.type as AccountTypeValue }),
    balance: t.expose('balance', {
      type: 'Money',
      description:
        'The current balance: it follows the expenses, paychecks and transfers recorded in the account; negative for what a credit card owes.',
    }),
    isDefault: t.exposeBoolean('isDefault', { description: 'Exactly one account of a user is the default.' }),
    notes: t.exposeString('notes', { nullable: true, description: 'Free-form notes, or null.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the account was added.' }),
    activityCounts: t.field({
      type: ActivityCounts,
      description: 'How many transactions, paychecks and transfers the account holds: what deleting it affects.',
      resolve: (a, _args, ctx) => activityCounts(ctx.viewer, a.id),
    }),
  }),
});

const ActivityCounts = builder
  .objectRef<{ transactions: number; paychecks: number; transfers: number }>('AccountActivityCounts')
  .implement({
    description: 'The records of one account.',
    fields: (t) => ({
      transactions: t.exposeInt('transactions', { description: 'Expenses paid from it (kept without an account when it is deleted).' }),
      paychecks: t.exposeInt('paychecks', { description: 'Paychecks paid into it (kept without an account when it is deleted).' }),
      transfers: t.exposeInt('transfers', {
        description:
          'Transfers between it and another account (deleting it leaves them in the other accounts, as to or from a deleted account).',
      }),
    }),
  });

builder.prismaObjectFields(UserRef, (t) => ({
  accounts: t.prismaConnection({
    type: 'Account',
    cursor: 'id',
    description: "The user's accounts, oldest first.",
    totalCount: (_user, _args, ctx) => accountsSummary(ctx.viewer).then((s) => s.count),
    resolve: (query, _user, _args, ctx) => listAccounts(ctx.viewer, query),
  }),
  totalBalance: t.field({
    type: 'Money',
    description: "The sum of the balances of all the user's accounts.",
    resolve: (_user, _args, ctx) => accountsSummary(ctx.viewer).then((s) => s.totalBalance),
  }),
  netWorth: t.field({
    type: 'Money',
    description: 'Net worth: the sum of all account balances (what credit cards owe counts negative).',
    resolve: (_user, _args, ctx) => accountsSummary(ctx.viewer).then((s) => s.totalBalance),
  }),
  allAccounts: t.prismaField({
    type: ['Account'],
    description:
      "Every one of the user's accounts, oldest first, unpaged: the choices of an Account select, or their balances after a change.",
    resolve: (query, _user, _args, ctx) => listAccounts(ctx.viewer, query),
  }),
}));

const CreateAccountInput = builder.inputType('CreateAccountInput', {
  description: 'A new account, for createAccount.',
  fields: (t) => ({
    name: t.string({ description: '1 to 100 characters.' }),
    type: t.field({ type: AccountType, description: 'What kind of account it is.' }),
    balance: t.field({ type: 'Money', required: false, description: 'May be negative. Default 0.' }),
    notes: t.string({ required: false, description: 'Optional free-form notes, at most 10000 characters.' }),
    startingDate: t.field({
      type: 'Date',
      required: false,
      description: 'The day the balance is as of (older records do not move it); default today.',
    }),
  }),
});

const AccountPayload = builder.objectRef<{ account: Account }>('AccountPayload').implement({
  description: 'The changed account, and the signed-in user for the aggregates the change moved.',
  interfaces: [MutationPayload],
  fields: (t) => ({ account: t.field({ type: AccountRef, description: 'The account after the change.', resolve: (p) => p.account }) }),
});

builder.mutationFields((t) => ({
  createAccount: t.field({
    type: AccountPayload,
    description: "Adds an account. The user's first account becomes the default.",
    args: { input: t.arg({ type: CreateAccountInput, validate: { schema: createAccountInput } }) },
    resolve: async (_root, { input }, ctx) => ({ account: await createAccount(ctx.viewer, input) }),
  }),
  setDefaultAccount: t.field({
    type: AccountPayload,
    description: "Makes the account the default and clears the flag on the user's other accounts.",
    args: { id: t.arg.globalID({ for: AccountRef }) },
    resolve: async (_root, { id }, ctx) => ({ account: await setDefaultAccount(ctx.viewer, id.id) }),
  }),
}));

deleteMutation('deleteAccount', {
  node: AccountRef,
  description:
    'Deletes the account: its transactions and paychecks are kept without an account, its transfers stay in the other accounts as transfers to or from a deleted account (their balances do not change). Deleting the default makes the oldest remaining account the default.',
  remove: deleteAccount,
});

updateMutation('updateAccount', {
  node: AccountRef,
  field: 'account',
  description:
    "Changes an account's name, type, balance, starting balance and date, or notes: only the fields given. The default changes with setDefaultAccount.",
  fields: (t) => ({
    name: t.string({ required: false, description: '1 to 100 characters.' }),
    type: t.field({ type: AccountType, required: false, description: 'What kind of account it is.' }),
    balance: t.field({
      type: 'Money',
      required: false,
      description: 'The current balance; may be negative. The starting balance becomes what leads to it.',
    }),
    startingBalance: t.field({
      type: 'Money',
      required: false,
      description: 'The balance on the starting date; the balance becomes it plus the records from that day on. Not with balance.',
    }),
    startingDate: t.field({
      type: 'Date',
      required: false,
      description: 'The first day records count. Alone, it keeps today’s balance and works out the starting balance on that day.',
    }),
    notes: t.string({ required: false, description: 'Free-form notes, at most 10000 characters; null or blank clears them.' }),
  }),
  update: updateAccount,
});
