import { Prisma } from '../../generated/prisma/client.ts';
import { Decimal } from '../../lib/money.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import type { ActivityStatus } from '../../../shared/inputs/reconcile.ts';
import { sources } from './activity.ts';

/**
 * An account's starting balance on its starting date (docs/product.md#reconcile): the balance is
 * the starting balance plus every record dated on or after that day. Records dated earlier (old
 * history imported later) stay in its activity and move nothing.
 */

/**
 * What an account's records from its starting date add up to: all of them, or only those of
 * `statuses` dated through `through` (a reconciliation's cleared balance).
 */
export async function activityTotal(
  tx: Prisma.TransactionClient,
  viewer: Viewer,
  account: { id: string; startingDate: Date },
  only: { through?: Date; statuses?: ActivityStatus[] } = {},
) {
  const sums = sources(viewer, account.id, account.startingDate).map((s) => {
    const where = [
      s.where,
      Prisma.sql`${Prisma.raw(s.alias)}.date >= ${account.startingDate}`,
      ...(only.through ? [Prisma.sql`${Prisma.raw(s.alias)}.date <= ${only.through}`] : []),
    ];
    const filtered = only.statuses ? Prisma.sql`WHERE status IN (${Prisma.join(only.statuses)})` : Prisma.empty;
    return Prisma.sql`(SELECT coalesce(sum(change), 0) FROM (SELECT ${s.select} FROM ${s.from} WHERE ${Prisma.join(where, ' AND ')}) a ${filtered})`;
  });
  const [row] = await tx.$queryRaw<{ total: Decimal }[]>`SELECT (${Prisma.join(sums, ' + ')}) AS total`;
  return new Decimal(row!.total);
}

/**
 * The columns an edit of the account's balance or starting point writes, inside the edit's
 * transaction (the user's lock is held, so no record moves meanwhile):
 * - `balance` (today's, as before): the starting balance becomes what leads to it;
 * - `startingBalance`: the balance becomes it plus the records from the starting date;
 * - `startingDate` alone: today's balance stays, the starting balance is worked out on the new day.
 */
export async function startingPointChanges(
  tx: Prisma.TransactionClient,
  viewer: Viewer,
  id: string,
  asked: { balance?: string; startingBalance?: string; startingDate?: string },
) {
  if (asked.balance === undefined && asked.startingBalance === undefined && asked.startingDate === undefined) return {};
  const account = await tx.account.findFirstOrThrow({ where: { id, ...owned(viewer) } });
  const startingDate = asked.startingDate ? new Date(asked.startingDate) : account.startingDate;
  const since = await activityTotal(tx, viewer, { id, startingDate });
  const startingBalance =
    asked.startingBalance !== undefined ? new Decimal(asked.startingBalance) : new Decimal(asked.balance ?? account.balance).minus(since);
  return { startingDate, startingBalance, balance: startingBalance.plus(since) };
}

/** How many of an account's records are dated before its starting date: the account page says so. */
export async function recordsBeforeStart(viewer: Viewer, account: { id: string; startingDate: Date }) {
  const before = { lt: account.startingDate };
  const [transactions, paychecks, transfers] = await Promise.all([
    viewer.prisma.transaction.count({ where: { accountId: account.id, date: before, ...owned(viewer) } }),
    viewer.prisma.paycheck.count({ where: { accountId: account.id, date: before, ...owned(viewer) } }),
    viewer.prisma.transfer.count({
      where: { ...owned(viewer), date: before, OR: [{ fromAccountId: account.id }, { toAccountId: account.id }] },
    }),
  ]);
  return transactions + paychecks + transfers;
}
