import type { Account } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { MutationPayload } from '../../graphql/mutations.ts';
import { decodeGlobalID } from '@pothos/plugin-relay';
import { ValidationError } from '../../lib/errors.ts';
import { MAX_NET_WORTH_MONTHS } from '../../../shared/inputs/reconcile.ts';
import { UserRef } from '../users/users.graphql.ts';
import { AccountRef } from './accounts.graphql.ts';
import { ActivityStatusEnum } from './activity-status.graphql.ts';
import { netWorthHistory, type NetWorthMonth } from './net-worth-history.ts';
import { previewReconciliation, reconcileAccount, setActivityStatus, type Reconciliation } from './reconcile.ts';
import { recordsBeforeStart } from './starting-balance.ts';

/** Reconcile and net worth over time in GraphQL (docs/product.md#reconcile, docs/product.md#net-worth-over-time). */

const ReconciliationPreviewRef = builder.objectRef<Omit<Reconciliation, 'reconciled'>>('ReconciliationPreview').implement({
  description: 'An account against a statement, before anything is written.',
  fields: (t) => ({
    clearedBalance: t.expose('clearedBalance', {
      type: 'Money',
      description: 'The starting balance plus the cleared and reconciled records through the statement date.',
    }),
    difference: t.expose('difference', {
      type: 'Money',
      description: 'The statement balance less the cleared balance: 0 when they agree.',
    }),
  }),
});

builder.prismaObjectFields(AccountRef, (t) => ({
  startingBalance: t.expose('startingBalance', {
    type: 'Money',
    description: 'The balance on the starting date: the balance is this plus the records dated from that day on.',
  }),
  startingDate: t.expose('startingDate', { type: 'Date', description: 'The first day its records count; older ones move nothing.' }),
  recordsBeforeStart: t.int({
    description: 'How many of its records are dated before the starting date (they do not change its balance).',
    resolve: (a, _args, ctx) => recordsBeforeStart(ctx.viewer, a),
  }),
  reconciliation: t.field({
    type: ReconciliationPreviewRef,
    description: 'The cleared balance and the difference for a statement, without writing anything.',
    args: {
      statementBalance: t.arg({ type: 'Money', required: true, description: "The statement's ending balance." }),
      statementDate: t.arg({ type: 'Date', required: true, description: "The statement's date." }),
    },
    resolve: (a, args, ctx) => previewReconciliation(ctx.viewer, a.id, args),
  }),
}));

const NetWorthAccountRef = builder.objectRef<NetWorthMonth['accounts'][number]>('NetWorthAccountBalance').implement({
  description: "One account's balance at the end of a month.",
  fields: (t) => ({
    account: t.field({ type: AccountRef, description: 'The account.', resolve: (e) => e.account }),
    balance: t.expose('balance', { type: 'Money', description: 'Its balance at the end of the month.' }),
  }),
});

const NetWorthMonthRef = builder.objectRef<NetWorthMonth>('NetWorthMonth').implement({
  description: 'Net worth at the end of one calendar month, from the ledger.',
  fields: (t) => ({
    month: t.exposeString('month', { description: '"YYYY-MM".' }),
    total: t.expose('total', { type: 'Money', description: "The sum of the accounts' balances at the month's end." }),
    accounts: t.field({ type: [NetWorthAccountRef], description: 'Each account, oldest first.', resolve: (m) => m.accounts }),
  }),
});

builder.prismaObjectFields(UserRef, (t) => ({
  netWorthHistory: t.field({
    type: [NetWorthMonthRef],
    description:
      "Net worth at the end of each of the last `months` calendar months, ending with the current one (in the client's time zone), oldest first.",
    args: { months: t.arg.int({ required: false, defaultValue: 24, description: `How many months (1–${MAX_NET_WORTH_MONTHS}).` }) },
    resolve: (_u, { months }, ctx) => netWorthHistory(ctx.viewer, { months }),
  }),
}));

const ReconcileAccountInput = builder.inputType('ReconcileAccountInput', {
  description: 'A statement to reconcile an account against, for reconcileAccount.',
  fields: (t) => ({
    accountId: t.globalID({ for: AccountRef, description: 'One of your accounts.' }),
    statementBalance: t.field({ type: 'Money', description: "The statement's ending balance." }),
    statementDate: t.field({ type: 'Date', description: "The statement's date (on or after the account's starting date)." }),
    adjust: t.boolean({
      required: false,
      description: 'With a difference: add a "Reconciliation adjustment" of it, then reconcile. Without it nothing is written.',
    }),
  }),
});

const ReconcileAccountPayload = builder.objectRef<Reconciliation & { account: Account | null }>('ReconcileAccountPayload').implement({
  description: 'Where the account stands against the statement, after the change (if any).',
  interfaces: [MutationPayload],
  fields: (t) => ({
    clearedBalance: t.expose('clearedBalance', { type: 'Money', description: 'The cleared balance through the statement date.' }),
    difference: t.expose('difference', {
      type: 'Money',
      description: 'The statement balance less the cleared balance; 0 once reconciled.',
    }),
    reconciled: t.exposeBoolean('reconciled', {
      description: 'Whether the cleared records through the statement date are now reconciled.',
    }),
    account: t.field({ type: AccountRef, nullable: true, description: 'The account after the change.', resolve: (p) => p.account }),
  }),
});

const SetActivityStatusInput = builder.inputType('SetActivityStatusInput', {
  description: "One row of an account's activity and its new status, for setActivityStatus.",
  fields: (t) => ({
    accountId: t.globalID({ for: AccountRef, description: 'The account whose activity holds the row.' }),
    item: t.id({ description: 'The row: its AccountActivityItem id.' }),
    status: t.field({ type: ActivityStatusEnum, description: 'The new status.' }),
  }),
});

const SetActivityStatusPayload = builder.objectRef<{ account: Account | null }>('SetActivityStatusPayload').implement({
  description: 'The account whose row changed.',
  interfaces: [MutationPayload],
  fields: (t) => ({ account: t.field({ type: AccountRef, nullable: true, description: 'The account.', resolve: (p) => p.account }) }),
});

/** The kind and record id an AccountActivityItem id holds (activity.graphql.ts writes it); anything else is bad input. */
function activityRow(item: string) {
  const bad = () => new ValidationError([{ path: ['item'], message: 'item must be the id of a row of the account’s activity' }]);
  let decoded;
  try {
    decoded = decodeGlobalID(item);
  } catch {
    throw bad();
  }
  const [kind, id] = decoded.id.split(':');
  if (decoded.typename !== 'AccountActivityItem' || !kind || !id) throw bad();
  return { kind, id };
}

const accountAfter = (ctx: { viewer: Parameters<typeof reconcileAccount>[0] }, id: string) =>
  ctx.viewer.prisma.account.findFirst({ where: { id, userId: ctx.viewer.budgetId } });

builder.mutationFields((t) => ({
  reconcileAccount: t.field({
    type: ReconcileAccountPayload,
    description:
      'Reconciles an account against a statement: with a difference and no `adjust` nothing is written; otherwise the cleared records through the statement date become reconciled.',
    args: { input: t.arg({ type: ReconcileAccountInput }) },
    resolve: async (_root, { input: { accountId, ...statement } }, ctx) => {
      const result = await reconcileAccount(ctx.viewer, accountId.id, { ...statement, adjust: statement.adjust ?? undefined });
      return { ...result, account: await accountAfter(ctx, accountId.id) };
    },
  }),
  setActivityStatus: t.field({
    type: SetActivityStatusPayload,
    description: "Sets one row of an account's activity uncleared, cleared or reconciled (a transfer: this account's side only).",
    args: { input: t.arg({ type: SetActivityStatusInput }) },
    resolve: async (_root, { input }, ctx) => {
      await setActivityStatus(ctx.viewer, input.accountId.id, { ...activityRow(String(input.item)), status: input.status });
      return { account: await accountAfter(ctx, input.accountId.id) };
    },
  }),
}));
