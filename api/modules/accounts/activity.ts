import { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { Decimal } from '../../lib/money.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { decodeCursorParts, encodeCursor, invalidCursor } from '../../lib/cursors.ts';
import type { ActivityStatus } from '../../../shared/inputs/reconcile.ts';

/**
 * An account's activity (docs/product.md#account-ledgers): the expenses paid from it, the refunds
 * paid back into it, the paychecks paid into it and the transfers out of and into it, newest first (date, then time
 * added, then id), each with the balance right after it.
 *
 * The balance is the truth; the running balance is read back from it: the balance after a row is
 * the current balance minus the changes of every row newer than it. A row dated before the
 * account's starting date changed nothing (docs/product.md#reconcile): its change is 0.
 */

export const ACTIVITY_KINDS = ['expense', 'refund', 'paycheck', 'transfer_in', 'transfer_out'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export interface ActivityItem {
  kind: ActivityKind;
  /** The id of the transaction, paycheck or transfer. */
  id: string;
  /** The record's amount, as entered (positive). */
  amount: Decimal;
  /** What it did to the balance: negative for expenses and transfers out, positive for refunds, paychecks and transfers in; 0 before the starting date. */
  change: Decimal;
  /** Dated before the account's starting date: it does not move the balance. */
  beforeStart: boolean;
  /** This side's status against the bank. */
  status: ActivityStatus;
  balanceAfter: Decimal;
  date: Date;
  createdAt: Date;
  description: string;
  notes: string | null;
  /** A transfer's other account; null when it was deleted. */
  otherAccountId: string | null;
}

/** Where a page starts: the sort key of the row before it. */
export interface ActivityKey {
  date: Date;
  createdAt: Date;
  id: string;
}

/** One page, as Pothos's cursor connections ask for it: after and/or before a key, newest first unless `inverted`. */
export interface ActivityPage {
  after?: ActivityKey;
  before?: ActivityKey;
  limit: number;
  inverted?: boolean;
}

const CURSOR_LIST = 'account-activity';

export function activityCursor(item: Pick<ActivityItem, 'date' | 'createdAt' | 'id'>) {
  return encodeCursor(CURSOR_LIST, item.date.toISOString(), item.createdAt.toISOString(), item.id);
}

/** The key a cursor of `activityCursor` holds; anything else is `400 Invalid cursor`. */
export function activityKey(cursor: string): ActivityKey {
  const [date, createdAt, id] = decodeCursorParts(CURSOR_LIST, cursor, 3) as [string, string, string];
  const key = { date: new Date(date), createdAt: new Date(createdAt), id };
  if (Number.isNaN(key.date.getTime()) || Number.isNaN(key.createdAt.getTime())) throw invalidCursor();
  return key;
}

/** A transfer whose other account was deleted: it stays, with its amount, in this account's ledger. */
const DELETED_OUT = 'Transfer to a deleted account';
const DELETED_IN = 'Transfer from a deleted account';

/**
 * The four sources of an account's activity, each read on its own index (account, date, time,
 * id): a page reads at most its size from each, so a page costs the same at any depth. `start` is
 * the account's starting date: a row before it changes nothing. `status` is the column of the
 * row's side (a transfer has one per account).
 */
export function sources(viewer: Viewer, accountId: string, start: Date) {
  // `signed`: what the record does to the balance (a refund raises it, an expense lowers it).
  const row = (alias: string, signed: string, status: string) =>
    Prisma.sql`${Prisma.raw(`${alias}.id, ${alias}.amount, ${alias}.date, ${alias}.created_at, ${alias}.${status} AS status,`)}
      CASE WHEN ${Prisma.raw(alias)}.date < ${start} THEN 0 ELSE ${Prisma.raw(signed)} END AS change,
      ${Prisma.raw(alias)}.date < ${start} AS before_start`;
  return [
    {
      alias: 't',
      select: Prisma.sql`t.kind::text AS kind, ${row('t', `CASE WHEN t.kind = 'refund' THEN t.amount ELSE -t.amount END`, 'status')}, t.description, NULL::text AS notes, NULL::text AS other_account_id`,
      from: Prisma.sql`transactions t`,
      where: Prisma.sql`t.account_id = ${accountId} AND t.user_id = ${viewer.budgetId}`,
    },
    {
      alias: 'p',
      select: Prisma.sql`'paycheck'::text AS kind, ${row('p', 'p.amount', 'status')}, 'Paycheck'::text AS description, p.notes, NULL::text AS other_account_id`,
      from: Prisma.sql`paychecks p`,
      where: Prisma.sql`p.account_id = ${accountId} AND p.user_id = ${viewer.budgetId}`,
    },
    {
      alias: 'x',
      select: Prisma.sql`'transfer_out'::text AS kind, ${row('x', '-x.amount', 'from_status')}, coalesce('Transfer to ' || o.name, ${DELETED_OUT}) AS description, x.notes, x.to_account_id AS other_account_id`,
      from: Prisma.sql`transfers x LEFT JOIN accounts o ON o.id = x.to_account_id`,
      where: Prisma.sql`x.from_account_id = ${accountId} AND x.user_id = ${viewer.budgetId}`,
    },
    {
      alias: 'x',
      select: Prisma.sql`'transfer_in'::text AS kind, ${row('x', 'x.amount', 'to_status')}, coalesce('Transfer from ' || o.name, ${DELETED_IN}) AS description, x.notes, x.from_account_id AS other_account_id`,
      from: Prisma.sql`transfers x LEFT JOIN accounts o ON o.id = x.from_account_id`,
      where: Prisma.sql`x.to_account_id = ${accountId} AND x.user_id = ${viewer.budgetId}`,
    },
  ];
}

/** The sort key of a source's rows compared with a page's key ('<': older, '>': newer). */
const compare = (alias: string, op: '<' | '>', key: ActivityKey) =>
  Prisma.sql`(${Prisma.raw(`${alias}.date, ${alias}.created_at, ${alias}.id`)}) ${Prisma.raw(op)} (${key.date}, ${key.createdAt}, ${key.id})`;

type Row = {
  kind: ActivityKind;
  id: string;
  amount: Decimal;
  change: Decimal;
  before_start: boolean;
  status: ActivityStatus;
  date: Date;
  created_at: Date;
  description: string;
  notes: string | null;
  other_account_id: string | null;
};

/**
 * One page of an account's activity with running balances. The balance, the page and the sum of
 * every newer change are read in one snapshot (a repeatable-read transaction), so a write meanwhile
 * cannot skew the running balances. NOT_FOUND for an account that is not the viewer's.
 */
export async function accountActivity(viewer: Viewer, accountId: string, page: ActivityPage): Promise<ActivityItem[]> {
  const dir = page.inverted ? 'ASC' : 'DESC';
  const direction = Prisma.raw(dir);
  const rows = await viewer.prisma.$transaction(
    async (tx) => {
      const account = await tx.account.findFirst({
        where: { id: accountId, ...owned(viewer) },
        select: { balance: true, startingDate: true },
      });
      if (!account) throw new NotFoundError('Account');
      const branches = sources(viewer, accountId, account.startingDate).map((s) => {
        const where = [
          s.where,
          ...(page.after ? [compare(s.alias, '<', page.after)] : []),
          ...(page.before ? [compare(s.alias, '>', page.before)] : []),
        ];
        const order = Prisma.raw(`${s.alias}.date ${dir}, ${s.alias}.created_at ${dir}, ${s.alias}.id ${dir}`);
        return Prisma.sql`(SELECT ${s.select} FROM ${s.from} WHERE ${Prisma.join(where, ' AND ')} ORDER BY ${order} LIMIT ${page.limit})`;
      });
      const found = await tx.$queryRaw<Row[]>`
        SELECT * FROM (${Prisma.join(branches, ' UNION ALL ')}) activity
        ORDER BY date ${direction}, created_at ${direction}, id ${direction} LIMIT ${page.limit}`;
      // Newest first, whatever the direction read: the balance after each row is the one after the row above it, less that row's change.
      const newestFirst = page.inverted ? [...found].reverse() : found;
      const top = newestFirst[0];
      let balance = account.balance.minus(
        top
          ? await newerChanges(tx, viewer, accountId, account.startingDate, { date: top.date, createdAt: top.created_at, id: top.id })
          : 0,
      );
      const items = newestFirst.map((r) => {
        const item = { ...toItem(r), balanceAfter: balance };
        balance = balance.minus(r.change);
        return item;
      });
      return page.inverted ? items.reverse() : items;
    },
    { isolationLevel: 'RepeatableRead' },
  );
  return rows;
}

/** The sum of the changes of every row newer than `key`: what happened to the balance since. */
async function newerChanges(tx: Prisma.TransactionClient, viewer: Viewer, accountId: string, start: Date, key: ActivityKey) {
  const sums = sources(viewer, accountId, start).map(
    (s) =>
      Prisma.sql`(SELECT coalesce(sum(change), 0) AS s FROM (SELECT ${s.select} FROM ${s.from} WHERE ${s.where} AND ${compare(s.alias, '>', key)}) a)`,
  );
  const [row] = await tx.$queryRaw<{ total: Decimal }[]>`SELECT (${Prisma.join(sums, ' + ')}) AS total`;
  return row!.total;
}

function toItem(r: Row): Omit<ActivityItem, 'balanceAfter'> {
  return {
    kind: r.kind,
    id: r.id,
    amount: r.amount,
    change: r.change,
    beforeStart: r.before_start,
    status: r.status,
    date: r.date,
    createdAt: r.created_at,
    description: r.description,
    notes: r.notes,
    otherAccountId: r.other_account_id,
  };
}

/**
 * How many records of each kind an account holds that stay when it is deleted: its transactions
 * and paychecks, and its transfers with another account (one whose other account is already
 * deleted goes with it).
 */
export async function activityCounts(viewer: Viewer, accountId: string) {
  const where = { accountId, ...owned(viewer) };
  const [transactions, paychecks, transfers] = await Promise.all([
    viewer.prisma.transaction.count({ where }),
    viewer.prisma.paycheck.count({ where }),
    viewer.prisma.transfer.count({
      where: {
        ...owned(viewer),
        OR: [
          { fromAccountId: accountId, toAccountId: { not: null } },
          { toAccountId: accountId, fromAccountId: { not: null } },
        ],
      },
    }),
  ]);
  return { transactions, paychecks, transfers };
}
