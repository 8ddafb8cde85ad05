import { Prisma } from '../../generated/prisma/client.ts';
import { ValidationError } from '../../lib/errors.ts';
import { Decimal } from '../../lib/money.ts';
import { lockOwner } from '../../lib/owner-lock.ts';
import { owned, type Owner, type Viewer } from '../../lib/viewer.ts';

/**
 * Account balances follow the money (docs/product.md#account-ledgers): an expense in an account
 * lowers its balance, a refund and a paycheck raise it, a transfer moves it. Every write of such a record
 * moves the balances in the same database transaction as the record, as the difference between
 * the record's effect after the write and before it.
 */

/** How one record moves one account's balance: only when it is dated on or after the account's starting date. */
export interface BalanceEffect {
  accountId: string | null;
  delta: Decimal;
  date: Date;
}

type Amount = Decimal | string;
type Day = Date | string;

/**
 * A transaction moves the balance of its account: an expense lowers it, a refund (money back,
 * docs/product.md#refunds-and-splits) raises it. Its split lines change nothing here: they share its amount.
 */
export const transactionEffect = (t: { accountId: string | null; amount: Amount; kind: string; date: Day }): BalanceEffect[] => [
  {
    accountId: t.accountId,
    delta: t.kind === 'refund' ? new Decimal(t.amount) : new Decimal(t.amount).negated(),
    date: new Date(t.date),
  },
];

/** A paycheck raises the balance of the account it was paid into. */
export const incomeEffect = (p: { accountId: string | null; amount: Amount; date: Day }): BalanceEffect[] => [
  { accountId: p.accountId, delta: new Decimal(p.amount), date: new Date(p.date) },
];

/** A transfer takes its amount from one account and adds it to the other (a deleted side, null, moves nothing). */
export const transferEffect = (t: {
  fromAccountId: string | null;
  toAccountId: string | null;
  amount: Amount;
  date: Day;
}): BalanceEffect[] => [
  { accountId: t.fromAccountId, delta: new Decimal(t.amount).negated(), date: new Date(t.date) },
  { accountId: t.toAccountId, delta: new Decimal(t.amount), date: new Date(t.date) },
];

/**
 * Moves balances from what `before` did to what `after` does (a new record: `before` empty; a
 * deleted one: `after` empty). A record dated before its account's starting date moves nothing
 * (docs/product.md#reconcile); the starting dates are read under the user's lock, which moving one
 * also takes.
 */
export function moveBalances(tx: Prisma.TransactionClient, viewer: Owner, before: BalanceEffect[], after: BalanceEffect[]) {
  return moveBalancesOf(tx, [{ owner: viewer, before, after }]);
}

/** One owner's effects before and after a write. */
export interface BalanceMove {
  owner: Owner;
  before: BalanceEffect[];
  after: BalanceEffect[];
}

/**
 * `moveBalances` for the writes of several owners at once (the poster's batch of users, each
 * owner's lock held): an effect moves only an account of its own owner, and every account moved
 * is one `balance = balance + delta` of a single statement.
 */
export async function moveBalancesOf(tx: Prisma.TransactionClient, moves: BalanceMove[]) {
  const ids = [...new Set(moves.flatMap((m) => [...m.before, ...m.after].flatMap((e) => (e.accountId ? [e.accountId] : []))))];
  if (ids.length === 0) return;
  const accounts = new Map(
    (await tx.account.findMany({ where: { id: { in: ids } }, select: { id: true, userId: true, startingDate: true } })).map((a) => [
      a.id,
      a,
    ]),
  );
  const deltas = new Map<string, Decimal>();
  for (const { owner, before, after } of moves) {
    for (const [effects, sign] of [
      [before, -1],
      [after, 1],
    ] as const) {
      for (const { accountId, delta, date } of effects) {
        const account = accountId ? accounts.get(accountId) : undefined;
        if (account && account.userId === owner.budgetId && date >= account.startingDate) {
          deltas.set(account.id, (deltas.get(account.id) ?? new Decimal(0)).plus(delta.times(sign)));
        }
      }
    }
  }
  const rows = [...deltas].filter(([, delta]) => !delta.isZero()).map(([id, delta]) => Prisma.sql`(${id}, ${delta.toFixed()}::numeric)`);
  if (rows.length === 0) return;
  await tx.$executeRaw`
    UPDATE accounts AS a SET balance = a.balance + v.delta, updated_at = now()
    FROM (VALUES ${Prisma.join(rows)}) AS v(id, delta) WHERE a.id = v.id`;
}

/**
 * A write that may move balances, in one database transaction that first takes the user's lock
 * (`lockOwner`): one user's ledger writes take turns, in one lock order (the user, then rows), so
 * they never deadlock and an account cannot be deleted between its check and its balance update.
 * `timeoutMs` lifts the transaction's time limit for a long write (an import's).
 */
export function ledgerWrite<T>(
  viewer: Viewer,
  write: (tx: Prisma.TransactionClient) => Promise<T>,
  { timeoutMs }: { timeoutMs?: number } = {},
): Promise<T> {
  return viewer.prisma.$transaction(
    async (tx) => {
      await lockOwner(tx, viewer);
      return write(tx);
    },
    timeoutMs ? { timeout: timeoutMs } : undefined,
  );
}

/**
 * The account a record names, checked as one of the viewer's: "" and null mean none; another
 * user's id answers as one that does not exist (`Account not found` on `field`).
 */
export async function ownedAccountId(
  tx: Prisma.TransactionClient,
  viewer: Owner,
  accountId: string | null | undefined,
  field = 'accountId',
) {
  if (!accountId) return null;
  const found = await tx.account.count({ where: { id: accountId, ...owned(viewer) } });
  if (found !== 1) throw new ValidationError([{ path: [field], message: 'Account not found' }]);
  return accountId;
}
