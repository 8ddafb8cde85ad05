import type { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { Decimal } from '../../lib/money.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { isSet } from '../../lib/flags.ts';
import { lockOwner } from '../../lib/owner-lock.ts';
import { updateOwned } from '../../lib/owned-update.ts';
import { today } from '../../lib/dates.ts';
import { createAccountInput, setDefaultAccountInput, updateAccountInput } from '../../../shared/inputs/accounts.ts';
import { startingPointChanges } from './starting-balance.ts';

type AccountQuery = Omit<Prisma.AccountFindManyArgs, 'where' | 'orderBy'>;

/** The user's accounts, oldest first. `query` carries the GraphQL selection, if any. */
export function listAccounts(viewer: Viewer, query: AccountQuery = {}) {
  return viewer.prisma.account.findMany({ ...query, where: owned(viewer), orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

/**
 * Total balance across the user's accounts and how many there are (one SQL aggregate), kept until
 * the budget's next change: a screen asks both (the Dashboard: the count and the net worth).
 */
export function accountsSummary(viewer: Viewer) {
  return viewer.memo.cached(viewer.budgetId, 'accounts:summary', async () => {
    const { _sum, _count } = await viewer.prisma.account.aggregate({ where: owned(viewer), _sum: { balance: true }, _count: true });
    return { totalBalance: _sum.balance ?? new Decimal(0), count: _count };
  });
}

/**
 * Adds an account. The user's first account, or one asked to be default, becomes the only default.
 * Its balance is its starting balance, on its starting date (default: today in the user's time zone).
 */
export async function createAccount(viewer: Viewer, input: unknown) {
  const { isDefault, balance, startingDate, ...data } = parseInput(createAccountInput, input);
  const account = await viewer.prisma.$transaction(async (tx) => {
    await lockOwner(tx, viewer);
    const hasDefault = (await tx.account.count({ where: { ...owned(viewer), isDefault: true } })) > 0;
    const makeDefault = !hasDefault || isSet(isDefault);
    if (makeDefault && hasDefault)
      await tx.account.updateMany({ where: { ...owned(viewer), isDefault: true }, data: { isDefault: false } });
    return tx.account.create({
      data: {
        ...data,
        balance: balance ?? '0',
        startingBalance: balance ?? '0',
        startingDate: startingDate ?? today(viewer.timeZone),
        notes: data.notes ?? null,
        isDefault: makeDefault,
        userId: viewer.budgetId,
      },
    });
  });
  viewer.events.publish(viewer.budgetId);
  return account;
}

/** Makes `id` the default account and clears the flag on the user's others, in one transaction. */
export async function setDefaultAccount(viewer: Viewer, id: string, input: unknown = { isDefault: 1 }) {
  parseInput(setDefaultAccountInput, input);
  const account = await viewer.prisma.$transaction(async (tx) => {
    await lockOwner(tx, viewer);
    const target = await tx.account.findFirst({ where: { id, ...owned(viewer) }, select: { id: true } });
    if (!target) throw new NotFoundError('Account');
    await tx.account.updateMany({ where: { ...owned(viewer), isDefault: true, NOT: { id } }, data: { isDefault: false } });
    return tx.account.update({ where: { id }, data: { isDefault: true } });
  });
  viewer.events.publish(viewer.budgetId);
  return account;
}

/**
 * Changes an account's name, type, notes, balance or starting point (docs/product.md#reconcile):
 * only the fields given (never the default flag).
 */
export async function updateAccount(viewer: Viewer, id: string, input: unknown) {
  const { balance, startingBalance, startingDate, ...changes } = parseInput(updateAccountInput, input);
  return updateOwned(
    viewer,
    { table: 'accounts', id, what: 'Account', changes: { ...changes, balance, startingBalance, startingDate } },
    async (tx) =>
      tx.account.update({
        where: { id },
        data: { ...changes, ...(await startingPointChanges(tx, viewer, id, { balance, startingBalance, startingDate })) },
      }),
  );
}

/**
 * Deletes an account (docs/product.md#account-ledgers): its transactions and paychecks stay,
 * without an account (the foreign keys clear it); its transfers stay in the other accounts'
 * ledgers, as transfers to or from a deleted account (the foreign keys clear this side), so every
 * other account is still its opening balance plus its activity. A transfer whose other account is
 * already gone would be left with neither, and goes. When it was the default, the oldest remaining
 * account becomes the default.
 */
export async function deleteAccount(viewer: Viewer, id: string) {
  const deleted = await viewer.prisma.$transaction(async (tx) => {
    await lockOwner(tx, viewer);
    const account = await tx.account.findFirst({ where: { id, ...owned(viewer) } });
    if (!account) throw new NotFoundError('Account');
    await tx.transfer.deleteMany({
      where: {
        ...owned(viewer),
        OR: [
          { fromAccountId: id, toAccountId: null },
          { toAccountId: id, fromAccountId: null },
        ],
      },
    });
    await tx.account.delete({ where: { id } });
    if (account.isDefault) {
      const oldest = await tx.account.findFirst({
        where: owned(viewer),
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { id: true },
      });
      if (oldest) await tx.account.update({ where: { id: oldest.id }, data: { isDefault: true } });
    }
    return account;
  });
  viewer.events.publish(viewer.budgetId);
  return deleted;
}
