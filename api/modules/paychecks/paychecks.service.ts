import type { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { Decimal } from '../../lib/money.ts';
import { updateOwned } from '../../lib/owned-update.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { addPaycheckInput, updatePaycheckInput } from '../../../shared/inputs/paychecks.ts';
import { incomeEffect, ledgerWrite, moveBalances, ownedAccountId } from '../accounts/ledger.ts';
import { payeeChange } from '../payees/payees.service.ts';
import { rulesOnAdd } from '../rules/rules.service.ts';

export const PAYCHECK_ORDER: Prisma.PaycheckOrderByWithRelationInput[] = [{ date: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }];

/** The user's paychecks, newest first. `query` carries a GraphQL selection and page, if any. */
export function listPaychecks(viewer: Viewer, query: Omit<Prisma.PaycheckFindManyArgs, 'where' | 'orderBy'> = {}) {
  return viewer.prisma.paycheck.findMany({ ...query, where: owned(viewer), orderBy: PAYCHECK_ORDER });
}

export function countPaychecks(viewer: Viewer) {
  return viewer.prisma.paycheck.count({ where: owned(viewer) });
}

/** Sum of paycheck amounts, all time or within [from, to), of every account or of one. */
export async function totalIncome(viewer: Viewer, range?: { from: Date; to: Date }, accountId?: string) {
  const { _sum } = await viewer.prisma.paycheck.aggregate({
    where: { ...owned(viewer), ...(range ? { date: { gte: range.from, lt: range.to } } : {}), ...(accountId ? { accountId } : {}) },
    _sum: { amount: true },
  });
  return _sum.amount ?? new Decimal(0);
}

/** Records a paycheck after the user's rules (docs/product.md#rules: the payee a rule sets, notes where none were given). */
export async function addPaycheck(viewer: Viewer, input: unknown) {
  const { payee, ...data } = parseInput(addPaycheckInput, input);
  const paycheck = await ledgerWrite(viewer, async (tx) => {
    const accountId = await ownedAccountId(tx, viewer, data.accountId);
    const subject = { payee: payee ?? null, description: data.notes ?? '', amount: data.amount, accountId, kind: 'income' as const };
    const ruled = await rulesOnAdd(tx, viewer, subject);
    const created = await tx.paycheck.create({
      data: { ...data, accountId, notes: data.notes ?? ruled.notes ?? null, payeeId: ruled.payeeId, userId: viewer.budgetId },
      include: { payee: true },
    });
    await moveBalances(tx, viewer, [], incomeEffect(created));
    return created;
  });
  // A paycheck moves the budget's total income too.
  viewer.events.publish(viewer.budgetId);
  return paycheck;
}

/** Changes a paycheck's amount, date, notes or account: only the fields given; its account's balance follows. */
export async function updatePaycheck(viewer: Viewer, id: string, input: unknown) {
  const { payee, ...changes } = parseInput(updatePaycheckInput, input);
  return updateOwned(viewer, { table: 'paychecks', id, what: 'Paycheck', changes: { ...changes, payee } }, async (tx) => {
    const accountId = changes.accountId === undefined ? undefined : await ownedAccountId(tx, viewer, changes.accountId);
    const before = await tx.paycheck.findUniqueOrThrow({ where: { id } });
    const payeeId = await payeeChange(tx, viewer, payee);
    const after = await tx.paycheck.update({ where: { id }, data: { ...changes, accountId, payeeId }, include: { payee: true } });
    await moveBalances(tx, viewer, incomeEffect(before), incomeEffect(after));
    return after;
  });
}

export async function deletePaycheck(viewer: Viewer, id: string) {
  await ledgerWrite(viewer, async (tx) => {
    const paycheck = await tx.paycheck.findFirst({ where: { id, ...owned(viewer) } });
    if (!paycheck) throw new NotFoundError('Paycheck');
    await tx.paycheck.delete({ where: { id } });
    await moveBalances(tx, viewer, incomeEffect(paycheck), []);
  });
  viewer.events.publish(viewer.budgetId);
}
