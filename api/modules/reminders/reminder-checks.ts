import type { PrismaClient } from '../../generated/prisma/client.ts';
import { addCalendarDays, formatCalendarDate, today } from '../../lib/dates.ts';
import { toWireMoney, type Decimal } from '../../lib/money.ts';
import type { ReadMemo } from '../../lib/read-memo.ts';
import { owned, type Reader } from '../../lib/viewer.ts';
import { budgetMonth } from '../budget/budget-month.ts';
import { belowZeroWarnings } from '../forecast/forecast.service.ts';
import { occurrencesUntil } from '../schedules/schedules.service.ts';
import { formatMoney } from '../../../shared/money.ts';
import { notifyAll, type NewNotification } from './notify.ts';

/**
 * What a user should be reminded of now (docs/product.md#reminders): bills and "ask first"
 * schedules due within their days ahead, categories overspent this month, accounts whose forecast
 * goes below zero. Read as of `now` in UTC: the server reads for users without a request, and
 * so without their time zone (an occurrence a day away in UTC is said a day ahead at most).
 */

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayLabel = (date: Date) => DAY.format(date);
const money = (amount: Decimal) => formatMoney(toWireMoney(amount));

export async function dueReminders(reader: Reader, days: number, now = new Date()): Promise<NewNotification[]> {
  const from = today(reader.timeZone, now);
  const until = addCalendarDays(from, days);
  const [bills, occurrences, month, warnings] = await Promise.all([
    reader.prisma.recurringBill.findMany({
      where: { ...owned(reader), isActive: true, nextDueDate: { lte: until } },
      orderBy: [{ nextDueDate: 'asc' }, { id: 'asc' }],
    }),
    occurrencesUntil(reader, until, { autoPost: false }),
    budgetMonth(reader, formatCalendarDate(from).slice(0, 7)),
    belowZeroWarnings(reader),
  ]);
  const notifications: NewNotification[] = [];
  for (const bill of bills) {
    const overdue = bill.nextDueDate < from;
    notifications.push({
      kind: 'bill_due',
      subject: bill.id,
      date: bill.nextDueDate,
      title: `${bill.name} (${money(bill.amount)}) ${overdue ? 'was' : 'is'} due on ${dayLabel(bill.nextDueDate)}`,
      link: '/bills',
    });
  }
  for (const { schedule, date } of occurrences) {
    notifications.push({
      kind: 'schedule_due',
      subject: schedule.id,
      date,
      title: `${schedule.payee} (${money(schedule.amount)}) is due on ${dayLabel(date)}: post or skip it`,
      link: '/',
    });
  }
  for (const row of month.categories) {
    if (row.categoryId === null || !row.available.isNegative()) continue;
    notifications.push({
      kind: 'overspent',
      subject: row.categoryId,
      date: month.month,
      title: `${row.name} is overspent by ${money(row.available.negated())} this month`,
      link: '/budget',
    });
  }
  for (const warning of warnings) {
    notifications.push({
      kind: 'forecast_below_zero',
      subject: warning.account.id,
      date: warning.date,
      title: `${warning.account.name} goes below $0 on ${dayLabel(warning.date)}`,
      link: `/accounts/${warning.account.id}`,
    });
  }
  return notifications;
}

/**
 * Makes the user's due reminders not made before; answers how many it made. A user is reminded of
 * the budgets they own (their personal one and shared ones): a shared budget's reminders go to its
 * owner only (docs/product.md#shared-budgets).
 */
export async function checkReminders(prisma: PrismaClient, memo: ReadMemo, userId: string, now = new Date()) {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { reminderDays: true, disabledAt: true } });
  if (!user || user.disabledAt) return 0;
  const owned = await prisma.budgetMember.findMany({
    where: { userId, role: 'owner' },
    select: { budgetId: true },
    orderBy: { budgetId: 'asc' },
  });
  let made = 0;
  for (const { budgetId } of owned) {
    const reader: Reader = { budgetId, timeZone: 'UTC', prisma, memo };
    made += (await notifyAll(prisma, userId, await dueReminders(reader, user.reminderDays, now))).length;
  }
  return made;
}
