import type { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { addCalendarDays, today } from '../../lib/dates.ts';
import { isSet } from '../../lib/flags.ts';
import { lockOwned, updateOwned } from '../../lib/owned-update.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Owner, type Viewer } from '../../lib/viewer.ts';
import { ownsBudgetCategory } from '../budget/budget.service.ts';
import { deleteRecordedExpense, recordExpense } from '../transactions/transactions.service.ts';
import { ledgerWrite, ownedAccountId } from '../accounts/ledger.ts';
import type { BillFrequency } from '../../../shared/enums.ts';
import { addRecurringBillInput, recordBillPaymentInput, updateRecurringBillInput } from '../../../shared/inputs/bills.ts';
import { nextDueDate, previousDueDate, UPCOMING_DAYS } from './due-dates.ts';

const PAYMENT_ORDER: Prisma.BillPaymentOrderByWithRelationInput[] = [{ paidDate: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }];
const BILL_ORDER: Prisma.RecurringBillOrderByWithRelationInput[] = [{ nextDueDate: 'asc' }, { name: 'asc' }, { id: 'asc' }];
type BillQuery = Omit<Prisma.RecurringBillFindManyArgs, 'where' | 'orderBy'>;

function activeWhere(viewer: Viewer, active?: boolean | null): Prisma.RecurringBillWhereInput {
  return active == null ? owned(viewer) : { ...owned(viewer), isActive: active };
}

/** The user's bills (all, active or inactive), soonest due first. */
export function listRecurringBills(viewer: Viewer, active?: boolean | null, query: BillQuery = {}) {
  return viewer.prisma.recurringBill.findMany({ ...query, where: activeWhere(viewer, active), orderBy: BILL_ORDER });
}

export function countRecurringBills(viewer: Viewer, active?: boolean | null) {
  return viewer.prisma.recurringBill.count({ where: activeWhere(viewer, active) });
}

/** docs/product.md#recurring-bills: active bills due within the next 30 days, and every overdue active bill. */
function upcomingWhere(viewer: Viewer): Prisma.RecurringBillWhereInput {
  return { ...owned(viewer), isActive: true, nextDueDate: { lte: addCalendarDays(today(viewer.timeZone), UPCOMING_DAYS) } };
}

export function listUpcomingBills(viewer: Viewer, query: BillQuery = {}) {
  return viewer.prisma.recurringBill.findMany({ ...query, where: upcomingWhere(viewer), orderBy: BILL_ORDER });
}

export function countUpcomingBills(viewer: Viewer) {
  return viewer.prisma.recurringBill.count({ where: upcomingWhere(viewer) });
}

/** Whole days from today (in the viewer's time zone) to the due date; negative when overdue. */
export function daysUntilDue(viewer: Viewer, bill: { nextDueDate: Date }) {
  return Math.round((bill.nextDueDate.getTime() - today(viewer.timeZone).getTime()) / 86_400_000);
}

export function listBillPayments(
  viewer: Viewer,
  recurringBillId?: string,
  query: Omit<Prisma.BillPaymentFindManyArgs, 'where' | 'orderBy'> = {},
) {
  return viewer.prisma.billPayment.findMany({
    ...query,
    where: { ...owned(viewer), ...(recurringBillId ? { recurringBillId } : {}) },
    orderBy: PAYMENT_ORDER,
  });
}

export function countBillPayments(viewer: Viewer, recurringBillId?: string) {
  return viewer.prisma.billPayment.count({ where: { ...owned(viewer), ...(recurringBillId ? { recurringBillId } : {}) } });
}

async function checkCategory(viewer: Viewer, categoryId: string | null | undefined) {
  if (categoryId && !(await ownsBudgetCategory(viewer, categoryId))) {
    throw new ValidationError([{ path: ['categoryId'], message: 'Category not found' }]);
  }
  return categoryId || null;
}

export async function addRecurringBill(viewer: Viewer, input: unknown) {
  const data = parseInput(addRecurringBillInput, input);
  const bill = await viewer.prisma.recurringBill.create({
    data: {
      ...data,
      isActive: isSet(data.isActive),
      categoryId: await checkCategory(viewer, data.categoryId),
      notes: data.notes ?? null,
      userId: viewer.budgetId,
    },
  });
  viewer.events.publish(viewer.budgetId);
  return bill;
}

/** Changes any of a bill's fields (pausing and resuming is a change of `isActive`), the bill row locked. */
export async function updateRecurringBill(viewer: Viewer, id: string, input: unknown) {
  const data = parseInput(updateRecurringBillInput, input);
  const changes = {
    ...data,
    isActive: data.isActive === undefined ? undefined : isSet(data.isActive),
    categoryId: data.categoryId === undefined ? undefined : await checkCategory(viewer, data.categoryId),
  };
  return updateOwned(viewer, { table: 'recurring_bills', id, what: 'Recurring bill', changes }, (tx) =>
    tx.recurringBill.update({ where: { id }, data: changes }),
  );
}

export async function deleteRecurringBill(viewer: Viewer, id: string) {
  const { count } = await viewer.prisma.recurringBill.deleteMany({ where: { id, ...owned(viewer) } });
  if (count === 0) throw new NotFoundError('Recurring bill');
  viewer.events.publish(viewer.budgetId);
}

/**
 * Records a payment (docs/product.md#recurring-bills), all in one database transaction: the payment, an expense
 * transaction for the paid amount on the paid date named after the bill and in its category (and
 * in the account it was paid from, if given, whose balance goes down), and the bill's next due
 * date moved on by one period. The bill row is locked first, so two payments at once advance it twice.
 */
export async function recordBillPayment(viewer: Viewer, input: unknown) {
  const data = parseInput(recordBillPaymentInput, input);
  const result = await ledgerWrite(viewer, async (tx) => {
    if (!(await lockOwned(tx, viewer, 'recurring_bills', data.recurringBillId))) {
      throw new ValidationError([{ path: ['recurringBillId'], message: 'Bill not found' }]);
    }
    const bill = await tx.recurringBill.findUniqueOrThrow({ where: { id: data.recurringBillId } });
    const transaction = await recordExpense(tx, viewer, {
      amount: data.amount,
      description: bill.name,
      date: data.paidDate,
      categoryId: bill.categoryId,
      accountId: await ownedAccountId(tx, viewer, data.accountId),
    });
    const billPayment = await tx.billPayment.create({
      data: {
        userId: viewer.budgetId,
        recurringBillId: bill.id,
        transactionId: transaction.id,
        amount: data.amount,
        paidDate: data.paidDate,
        notes: data.notes ?? null,
      },
    });
    const recurringBill = await tx.recurringBill.update({
      where: { id: bill.id },
      data: { nextDueDate: nextDueDate(bill.nextDueDate, bill.frequency as BillFrequency, bill.dueDay) },
    });
    return { billPayment, recurringBill, transaction };
  });
  viewer.events.publish(viewer.budgetId);
  return result;
}

/**
 * Deletes a payment and the expense it recorded (when that transaction still exists), in one
 * transaction with the bill row locked. When it was the bill's latest payment (by paid date, then
 * creation), the bill's next due date goes back the one period the payment moved it on.
 */
export async function deleteBillPayment(viewer: Viewer, id: string) {
  const result = await ledgerWrite(viewer, async (tx) => {
    const payment = await tx.billPayment.findFirst({ where: { id, ...owned(viewer) } });
    if (!payment || !(await lockOwned(tx, viewer, 'recurring_bills', payment.recurringBillId))) throw new NotFoundError('Bill payment');
    // Under the lock the bill's payments stay as they are (a payment deleted meanwhile is gone: NOT_FOUND, all undone).
    const latest = await tx.billPayment.findFirst({ where: { recurringBillId: payment.recurringBillId }, orderBy: PAYMENT_ORDER });
    // The expense goes first (its account's balance gets the amount back); the payment's link to it is cleared.
    const expense = payment.transactionId ? await deleteRecordedExpense(tx, viewer, payment.transactionId) : null;
    const { count } = await tx.billPayment.deleteMany({ where: { id, ...owned(viewer) } });
    if (count === 0) throw new NotFoundError('Bill payment');
    const bill = await tx.recurringBill.findUniqueOrThrow({ where: { id: payment.recurringBillId } });
    const recurringBill =
      latest?.id === payment.id
        ? await tx.recurringBill.update({
            where: { id: bill.id },
            data: { nextDueDate: previousDueDate(bill.nextDueDate, bill.frequency as BillFrequency, bill.dueDay) },
          })
        : bill;
    return { recurringBill, deletedTransactionId: expense ? payment.transactionId : null };
  });
  viewer.events.publish(viewer.budgetId);
  return result;
}

/**
 * The poster's part for bills that post automatically (docs/product.md#schedules): inside the
 * caller's ledger write (the owner's lock held, so no Mark Paid runs meanwhile), every payment due
 * by `day` is recorded as Mark Paid would, from the default account (a bill names none), each
 * dated on its due date: one missed for months posts every period it missed. Moving the next due
 * date on in the same transaction is what makes each payment post once. Answers how many it recorded.
 */
export async function postDueBillPayments(tx: Prisma.TransactionClient, owner: Owner, day: Date) {
  const bills = await tx.recurringBill.findMany({ where: { ...owned(owner), autoPost: true, isActive: true, nextDueDate: { lte: day } } });
  if (bills.length === 0) return 0;
  const account = await tx.account.findFirst({ where: { ...owned(owner), isDefault: true }, select: { id: true } });
  let posted = 0;
  for (const bill of bills) {
    let due = bill.nextDueDate;
    for (; due <= day; due = nextDueDate(due, bill.frequency as BillFrequency, bill.dueDay), posted++) {
      const amount = bill.amount.toFixed(2);
      const transaction = await recordExpense(tx, owner, {
        amount,
        description: bill.name,
        date: due,
        categoryId: bill.categoryId,
        accountId: account?.id ?? null,
      });
      await tx.billPayment.create({
        data: { userId: owner.budgetId, recurringBillId: bill.id, transactionId: transaction.id, amount, paidDate: due, notes: null },
      });
    }
    await tx.recurringBill.update({ where: { id: bill.id }, data: { nextDueDate: due } });
  }
  return posted;
}
