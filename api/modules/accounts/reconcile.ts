import type { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { formatCalendarDate } from '../../lib/dates.ts';
import { Decimal } from '../../lib/money.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { activityStatusInput, reconcileInput } from '../../../shared/inputs/reconcile.ts';
import { incomeEffect, ledgerWrite, moveBalances, transactionEffect } from './ledger.ts';
import { activityTotal } from './starting-balance.ts';

/**
 * Reconciling an account against a bank statement (docs/product.md#reconcile): the cleared balance
 * through the statement's date is the starting balance plus the cleared and reconciled records
 * from the starting date through that day; when it equals the statement's balance, those cleared
 * records become reconciled.
 */

/** What a record made to close a gap is called (an expense when the bank has less, a paycheck when it has more). */
export const ADJUSTMENT = 'Reconciliation adjustment';

export interface Reconciliation {
  clearedBalance: Decimal;
  /** The statement's balance less the cleared balance: 0 when they agree. */
  difference: Decimal;
  reconciled: boolean;
}

async function ownedAccount(tx: Prisma.TransactionClient, viewer: Viewer, id: string) {
  const account = await tx.account.findFirst({ where: { id, ...owned(viewer) } });
  if (!account) throw new NotFoundError('Account');
  return account;
}

async function compare(tx: Prisma.TransactionClient, viewer: Viewer, accountId: string, input: unknown) {
  const { statementBalance, statementDate, adjust } = parseInput(reconcileInput, input);
  const account = await ownedAccount(tx, viewer, accountId);
  const through = new Date(statementDate);
  if (through < account.startingDate) {
    throw new ValidationError([
      {
        path: ['statementDate'],
        message: `The statement date must be on or after the account's starting date (${formatCalendarDate(account.startingDate)})`,
      },
    ]);
  }
  const cleared = account.startingBalance.plus(await activityTotal(tx, viewer, account, { through, statuses: ['cleared', 'reconciled'] }));
  return { account, through, adjust: adjust ?? false, clearedBalance: cleared, difference: new Decimal(statementBalance).minus(cleared) };
}

/** The cleared balance and the difference for a statement, without writing anything (the dialog shows them as the user types). */
export function previewReconciliation(viewer: Viewer, accountId: string, input: unknown): Promise<Omit<Reconciliation, 'reconciled'>> {
  return viewer.prisma.$transaction(async (tx) => {
    const { clearedBalance, difference } = await compare(tx, viewer, accountId, input);
    return { clearedBalance, difference };
  });
}

/**
 * Reconciles: with a difference and no `adjust`, nothing is written (`reconciled: false`); with
 * `adjust`, a cleared "Reconciliation adjustment" dated on the statement's day closes the gap
 * first; then every cleared record from the starting date through that day becomes reconciled.
 * The answer's figures are after the adjustment.
 */
export async function reconcileAccount(viewer: Viewer, accountId: string, input: unknown): Promise<Reconciliation> {
  const result = await ledgerWrite(viewer, async (tx) => {
    const c = await compare(tx, viewer, accountId, input);
    if (!c.difference.isZero() && !c.adjust) return { clearedBalance: c.clearedBalance, difference: c.difference, reconciled: false };
    if (!c.difference.isZero()) await addAdjustment(tx, viewer, accountId, c.through, c.difference);
    await markReconciled(tx, viewer, accountId, { gte: c.account.startingDate, lte: c.through });
    return { clearedBalance: c.clearedBalance.plus(c.difference), difference: new Decimal(0), reconciled: true };
  });
  if (result.reconciled) viewer.events.publish(viewer.budgetId);
  return result;
}

async function addAdjustment(tx: Prisma.TransactionClient, viewer: Viewer, accountId: string, date: Date, difference: Decimal) {
  const row = { userId: viewer.budgetId, accountId, amount: difference.abs(), date, status: 'cleared' };
  if (difference.isNegative()) {
    const created = await tx.transaction.create({ data: { ...row, description: ADJUSTMENT } });
    await moveBalances(tx, viewer, [], transactionEffect(created));
  } else {
    const created = await tx.paycheck.create({ data: { ...row, notes: ADJUSTMENT } });
    await moveBalances(tx, viewer, [], incomeEffect(created));
  }
}

async function markReconciled(tx: Prisma.TransactionClient, viewer: Viewer, accountId: string, date: { gte: Date; lte: Date }) {
  const data = { status: 'reconciled' };
  await tx.transaction.updateMany({ where: { ...owned(viewer), accountId, date, status: 'cleared' }, data });
  await tx.paycheck.updateMany({ where: { ...owned(viewer), accountId, date, status: 'cleared' }, data });
  await tx.transfer.updateMany({
    where: { ...owned(viewer), fromAccountId: accountId, date, fromStatus: 'cleared' },
    data: { fromStatus: 'reconciled' },
  });
  await tx.transfer.updateMany({
    where: { ...owned(viewer), toAccountId: accountId, date, toStatus: 'cleared' },
    data: { toStatus: 'reconciled' },
  });
}

/**
 * Sets one activity row's status (a click toggles cleared): the row of `kind` and `id` in this
 * account; for a transfer, only this account's side. A record that is not in the account, or not
 * the viewer's, answers NOT_FOUND as a missing one.
 */
export async function setActivityStatus(viewer: Viewer, accountId: string, input: unknown) {
  const { kind, id, status } = parseInput(activityStatusInput, input);
  const changed = await ledgerWrite(viewer, async (tx) => {
    await ownedAccount(tx, viewer, accountId);
    const where = { id, ...owned(viewer) };
    switch (kind) {
      case 'expense':
      case 'refund':
        return tx.transaction.updateMany({ where: { ...where, accountId }, data: { status } });
      case 'paycheck':
        return tx.paycheck.updateMany({ where: { ...where, accountId }, data: { status } });
      case 'transfer_out':
        return tx.transfer.updateMany({ where: { ...where, fromAccountId: accountId }, data: { fromStatus: status } });
      case 'transfer_in':
        return tx.transfer.updateMany({ where: { ...where, toAccountId: accountId }, data: { toStatus: status } });
    }
  });
  if (changed.count !== 1) throw new NotFoundError('Activity');
  viewer.events.publish(viewer.budgetId);
  return { kind, id, status };
}
