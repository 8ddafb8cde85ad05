import { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { Decimal } from '../../lib/money.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { decodeCursorParts, encodeCursor, invalidCursor } from '../../lib/cursors.ts';

/**
 * An account's activity (docs/product.md#account-ledgers): the expenses paid from it, the
 * paychecks paid into it and the transfers out of and into it, newest first (date, then time
 * added, then id), each with the balance right after it.
 *
 * The balance is the truth; the running balance is read back from it: the balance after a row is
 * the current balance minus the changes of every row newer than it. A balance set by hand
 * (reconciliation) therefore carries the history below it along, as an opening balance would.
 */

export const ACTIVITY_KINDS = ['expense', 'paycheck', 'transfer_in', 'transfer_out'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export interface ActivityItem {
  kind: ActivityKind;
  /** The id of the transaction, paycheck or transfer. */
  id: string;
  /** The record's amount, as entered (positive). */
  amount: Decimal;
  /** What it did to the balance: negative for expenses and transfers out. */
  change: Decimal;
  balanceAfter: Decimal;
  date: Date;
  createdAt: Date;
  description: string;
  notes: string | null;
  /** A transfer's other account. */
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

/** Every row of the account's activity with its change, for one user and account (index scans, never materialized). */
function activitySql(viewer: Viewer, accountId: string) {
  return Prisma.sql`
    SELECT 'expense' AS kind, t.id, t.amount, -t.amount AS change, t.date, t.created_at, t.description, NULL AS notes, NULL AS other_account_id
      FROM transactions t WHERE t.account_id = ${accountId} AND t.user_id = ${viewer.id}
    UNION ALL
    SELECT 'paycheck', p.id, p.amount, p.amount, p.date, p.created_at, 'Paycheck', p.notes, NULL
      FROM paychecks p WHERE p.account_id = ${accountId} AND p.user_id = ${viewer.id}
    UNION ALL
    SELECT 'transfer_out', x.id, x.amount, -x.amount, x.date, x.created_at, 'Transfer to ' || o.name, x.notes, x.to_account_id
      FROM transfers x JOIN accounts o ON o.id = x.to_account_id WHERE x.from_account_id = ${accountId} AND x.user_id = ${viewer.id}
    UNION ALL
    SELECT 'transfer_in', x.id, x.amount, x.amount, x.date, x.created_at, 'Transfer from ' || o.name, x.notes, x.from_account_id
      FROM transfers x JOIN accounts o ON o.id = x.from_account_id WHERE x.to_account_id = ${accountId} AND x.user_id = ${viewer.id}`;
}

const keyAfter = (key: ActivityKey) => Prisma.sql`(date, created_at, id) < (${key.date}, ${key.createdAt}, ${key.id})`;
const keyBefore = (key: ActivityKey) => Prisma.sql`(date, created_at, id) > (${key.date}, ${key.createdAt}, ${key.id})`;

/**
 * One page of an account's activity with running balances, read in one statement (so the
 * balance and the rows are one snapshot). NOT_FOUND for an account that is not the viewer's.
 */
export async function accountActivity(viewer: Viewer, accountId: string, page: ActivityPage): Promise<ActivityItem[]> {
  const account = await viewer.prisma.account.findFirst({ where: { id: accountId, ...owned(viewer) }, select: { id: true } });
  if (!account) throw new NotFoundError('Account');
  const conditions = [...(page.after ? [keyAfter(page.after)] : []), ...(page.before ? [keyBefore(page.before)] : [])];
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
  const direction = page.inverted ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const rows = await viewer.prisma.$queryRaw<
    {
      kind: ActivityKind;
      id: string;
      amount: Decimal;
      change: Decimal;
      balance_after: Decimal;
      date: Date;
      created_at: Date;
      description: string;
      notes: string | null;
      other_account_id: string | null;
    }[]
  >`
    WITH activity AS NOT MATERIALIZED (${activitySql(viewer, accountId)}),
    page AS (
      SELECT * FROM activity ${where}
      ORDER BY date ${direction}, created_at ${direction}, id ${direction} LIMIT ${page.limit}
    ),
    newest AS (SELECT date, created_at, id FROM page ORDER BY date DESC, created_at DESC, id DESC LIMIT 1)
    SELECT page.*,
      (SELECT balance FROM accounts WHERE id = ${accountId} AND user_id = ${viewer.id})
        - COALESCE((SELECT sum(a.change) FROM activity a, newest n WHERE (a.date, a.created_at, a.id) > (n.date, n.created_at, n.id)), 0)
        - COALESCE(sum(page.change) OVER (ORDER BY date DESC, created_at DESC, id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
        AS balance_after
    FROM page
    ORDER BY date ${direction}, created_at ${direction}, id ${direction}`;
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    amount: r.amount,
    change: r.change,
    balanceAfter: r.balance_after,
    date: r.date,
    createdAt: r.created_at,
    description: r.description,
    notes: r.notes,
    otherAccountId: r.other_account_id,
  }));
}

/** How many records of each kind an account holds: what deleting it affects. */
export async function activityCounts(viewer: Viewer, accountId: string) {
  const where = { accountId, ...owned(viewer) };
  const [transactions, paychecks, transfers] = await Promise.all([
    viewer.prisma.transaction.count({ where }),
    viewer.prisma.paycheck.count({ where }),
    viewer.prisma.transfer.count({ where: { ...owned(viewer), OR: [{ fromAccountId: accountId }, { toAccountId: accountId }] } }),
  ]);
  return { transactions, paychecks, transfers };
}
