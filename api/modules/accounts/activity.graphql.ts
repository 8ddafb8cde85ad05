import type { GraphQLResolveInfo } from 'graphql';
import { queryFromInfo } from '@pothos/plugin-prisma';
import { encodeGlobalID, resolveCursorConnection } from '@pothos/plugin-relay';
import type { Paycheck, Transaction, Transfer } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { PaycheckRef } from '../paychecks/paychecks.graphql.ts';
import { TransactionRef } from '../transactions/transactions.graphql.ts';
import { TransferRef } from '../transfers/transfers.graphql.ts';
import { AccountRef } from './accounts.graphql.ts';
import { ActivityStatusEnum } from './activity-status.graphql.ts';
import { accountActivity, activityCursor, activityKey, type ActivityItem, type ActivityKind } from './activity.ts';

/** An account's activity in GraphQL (docs/product.md#account-ledgers): the rows of activity.ts, each with its record. */

const ActivityKindEnum = builder.enumType('AccountActivityKind', {
  description: 'What a row of an account’s activity is.',
  values: {
    EXPENSE: { value: 'expense', description: 'A transaction paid from the account.' },
    REFUND: { value: 'refund', description: 'A refund paid back into the account.' },
    PAYCHECK: { value: 'paycheck', description: 'A paycheck paid into the account.' },
    TRANSFER_IN: { value: 'transfer_in', description: 'A transfer from another account.' },
    TRANSFER_OUT: { value: 'transfer_out', description: 'A transfer to another account.' },
  } satisfies Record<Uppercase<ActivityKind>, { value: ActivityKind; description: string }>,
});

type Item = ActivityItem & { record: Transaction | Paycheck | Transfer };

const ActivityRecord = builder.unionType('AccountActivityRecord', {
  description: 'The record behind a row of activity.',
  types: [TransactionRef, PaycheckRef, TransferRef],
  resolveType: (record) => ('fromAccountId' in record ? TransferRef : 'description' in record ? TransactionRef : PaycheckRef),
});

const ActivityItemRef = builder.objectRef<Item>('AccountActivityItem').implement({
  description: 'One row of an account’s activity, with the balance right after it.',
  fields: (t) => ({
    id: t.id({
      description: 'Identifies the row (a transfer has one row in each of its accounts); not a node: fetch the record instead.',
      resolve: (i) => encodeGlobalID('AccountActivityItem', `${i.kind}:${i.id}`),
    }),
    kind: t.field({ type: ActivityKindEnum, description: 'Expense, refund, paycheck, transfer in or out.', resolve: (i) => i.kind }),
    amount: t.expose('amount', { type: 'Money', description: 'The record’s amount, as entered.' }),
    change: t.expose('change', {
      type: 'Money',
      description:
        'What it did to the balance: negative for expenses and transfers out, positive for the others; 0 before the account’s starting date.',
    }),
    beforeStart: t.exposeBoolean('beforeStart', {
      description: 'Dated before the account’s starting date: it stays in the activity and does not move the balance.',
    }),
    status: t.field({
      type: ActivityStatusEnum,
      description: 'Where it stands against the bank (a transfer: this account’s side).',
      resolve: (i) => i.status,
    }),
    balanceAfter: t.expose('balanceAfter', { type: 'Money', description: 'The balance right after it.' }),
    date: t.expose('date', { type: 'Date', description: 'The day of the record.' }),
    description: t.exposeString('description', {
      description: 'The expense’s description, "Paycheck", "Transfer to/from <account>", or "Transfer to/from a deleted account".',
    }),
    notes: t.exposeString('notes', { nullable: true, description: 'A paycheck’s or a transfer’s notes, or null.' }),
    record: t.field({ type: ActivityRecord, description: 'The transaction, paycheck or transfer.', resolve: (i) => i.record }),
  }),
});

/**
 * The records of a page's rows, three queries for any page (scoped to the viewer, as every read),
 * each with what the query selects of it (its category, payee, splits...): read per record, those
 * were a query each for every row.
 */
async function withRecords(ctx: { viewer: Viewer }, info: GraphQLResolveInfo, items: ActivityItem[]): Promise<Item[]> {
  const ids = (kinds: ActivityKind[]) => items.filter((i) => kinds.includes(i.kind)).map((i) => i.id);
  const where = (kinds: ActivityKind[]) => ({ id: { in: ids(kinds) }, ...owned(ctx.viewer) });
  const selected = (typeName: string) => queryFromInfo({ context: ctx, info, path: ['edges', 'node', 'record'], typeName });
  const [transactions, paychecks, transfers] = await Promise.all([
    ctx.viewer.prisma.transaction.findMany({ where: where(['expense', 'refund']), ...selected('Transaction') }),
    ctx.viewer.prisma.paycheck.findMany({ where: where(['paycheck']), ...selected('Paycheck') }),
    ctx.viewer.prisma.transfer.findMany({ where: where(['transfer_in', 'transfer_out']), ...selected('Transfer') }),
  ]);
  const records = new Map<string, Transaction | Paycheck | Transfer>([...transactions, ...paychecks, ...transfers].map((r) => [r.id, r]));
  return items.map((i) => ({ ...i, record: records.get(i.id)! }));
}

builder.prismaObjectField(AccountRef, 'activity', (t) =>
  t.connection({
    type: ActivityItemRef,
    description: 'The account’s expenses, paychecks and transfers, newest first, each with the balance right after it.',
    resolve: (account, args, ctx, info) =>
      resolveCursorConnection<Promise<Item[]>>(
        { args, toCursor: activityCursor, defaultSize: 50, maxSize: 200 },
        async ({ after, before, limit, inverted }): Promise<Item[]> =>
          withRecords(
            ctx,
            info,
            await accountActivity(ctx.viewer, account.id, {
              after: after ? activityKey(after) : undefined,
              before: before ? activityKey(before) : undefined,
              limit,
              inverted,
            }),
          ),
      ),
  }),
);
