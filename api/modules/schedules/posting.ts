import { Prisma, type Schedule } from '../../generated/prisma/client.ts';
import { Decimal } from '../../lib/money.ts';
import {
  incomeEffect,
  transactionEffect,
  moveBalancesOf,
  transferEffect,
  type BalanceEffect,
  type BalanceMove,
} from '../accounts/ledger.ts';
import { recurrenceDates, type Recurrence } from '../bills/due-dates.ts';
import type { ScheduleFrequency } from '../../../shared/inputs/schedules.ts';

/**
 * Posting and skipping a schedule's occurrences (docs/product.md#schedules), shared by the Post /
 * Skip buttons and the background poster. Every occurrence handled gets a row in
 * `schedule_occurrences`, unique on (schedule, date): that row is the claim, written in the same
 * database transaction as the record it posts, so two posters can never post one occurrence twice.
 */

/** A schedule row as its date rule. */
export function ruleOf(s: Schedule): Recurrence {
  return {
    frequency: s.frequency as ScheduleFrequency,
    startDate: s.startDate,
    endDate: s.endDate,
    interval: s.interval,
    dayOfMonth: s.dayOfMonth,
    days: s.days,
    occurrences: s.occurrences,
  };
}

/** The schedule's dates from its `nextDate` up to `until` that are not in `handled` (times of dates already posted or skipped). */
export function pendingDates(s: Schedule, until: Date, handled: ReadonlySet<number>): Date[] {
  if (!s.nextDate || s.nextDate > until) return [];
  const dates: Date[] = [];
  for (const date of recurrenceDates(ruleOf(s))) {
    if (date > until) break;
    if (date >= s.nextDate && !handled.has(date.getTime())) dates.push(date);
  }
  return dates;
}

/** The first of the schedule's dates from `from` on that is not handled: its next `nextDate` (null once it has ended). */
export function firstUnhandled(s: Schedule, from: Date | null, handled: ReadonlySet<number>): Date | null {
  for (const date of recurrenceDates(ruleOf(s))) if ((!from || date >= from) && !handled.has(date.getTime())) return date;
  return null;
}

/** The dates of each schedule already handled from its `nextDate` on (the rest, before it, are all handled), in one statement. */
export async function handledFrom(tx: Prisma.TransactionClient, schedules: Schedule[]): Promise<Map<string, Set<number>>> {
  const handled = new Map<string, Set<number>>(schedules.map((s) => [s.id, new Set()]));
  const open = schedules.flatMap((s) => (s.nextDate ? [Prisma.sql`(${s.id}, ${s.nextDate}::timestamptz)`] : []));
  if (open.length === 0) return handled;
  // A join to the list rather than one condition per schedule: the poster asks for a thousand at once.
  const rows = await tx.$queryRaw<{ schedule_id: string; date: Date }[]>`
    SELECT o.schedule_id, o.date FROM schedule_occurrences o
    JOIN (VALUES ${Prisma.join(open)}) AS v(id, from_date) ON o.schedule_id = v.id AND o.date >= v.from_date`;
  for (const row of rows) handled.get(row.schedule_id)!.add(row.date.getTime());
  return handled;
}

export interface Occurrence {
  schedule: Schedule;
  date: Date;
  /** Another amount for this one occurrence (Post with an edited amount). */
  amount?: string;
}

/** The balance effect of the record an occurrence posts. */
function effectOf(o: Occurrence, amount: Decimal): BalanceEffect[] {
  const { kind, accountId, toAccountId } = o.schedule;
  const date = o.date;
  if (kind === 'paycheck') return incomeEffect({ accountId, amount, date });
  if (kind === 'transfer') return transferEffect({ fromAccountId: accountId, toAccountId, amount, date });
  return transactionEffect({ accountId, amount, kind: 'expense', date });
}

/**
 * Posts (or skips) occurrences inside the caller's ledger write, each in the name of its schedule's
 * user (the caller holds each one's lock: one user's, or the poster's batch): claims them, writes
 * the records of the claims that were new (an expense named after the payee in its category, a
 * paycheck or a transfer with the payee as notes, each linked by `scheduleId`), moves the balances
 * once per account, and moves each schedule's `nextDate` past what is handled. Answers the
 * occurrences claimed here; one claimed before (by another poster, or an earlier click) is left alone.
 */
export async function handleOccurrences(
  tx: Prisma.TransactionClient,
  occurrences: Occurrence[],
  status: 'posted' | 'skipped',
  /** What `handledFrom` answered for these schedules in this transaction, if the caller read it (one query less). */
  handledBefore?: Map<string, Set<number>>,
): Promise<Occurrence[]> {
  if (occurrences.length === 0) return [];
  const claims = await tx.scheduleOccurrence.createManyAndReturn({
    data: occurrences.map((o) => ({ userId: o.schedule.userId, scheduleId: o.schedule.id, date: o.date, status })),
    skipDuplicates: true,
    select: { scheduleId: true, date: true },
  });
  const claimed = new Set(claims.map((c) => `${c.scheduleId}|${c.date.getTime()}`));
  const mine = occurrences.filter((o) => claimed.has(`${o.schedule.id}|${o.date.getTime()}`));
  if (status === 'posted') await postRecords(tx, mine);
  const schedules = [...new Map(occurrences.map((o) => [o.schedule.id, o.schedule])).values()];
  // Under the owners' locks nothing else handled them meanwhile: what was handled before, plus what was just claimed.
  const handled = handledBefore ?? (await handledFrom(tx, schedules));
  if (handledBefore) for (const o of mine) handled.get(o.schedule.id)?.add(o.date.getTime());
  await moveNextDates(tx, schedules, handled);
  return mine;
}

async function postRecords(tx: Prisma.TransactionClient, occurrences: Occurrence[]) {
  const expenses: Prisma.TransactionCreateManyInput[] = [];
  const paychecks: Prisma.PaycheckCreateManyInput[] = [];
  const transfers: Prisma.TransferCreateManyInput[] = [];
  const moves = new Map<string, BalanceMove>();
  for (const o of occurrences) {
    const s = o.schedule;
    const amount = new Decimal(o.amount ?? s.amount);
    const common = { userId: s.userId, amount, date: o.date, scheduleId: s.id };
    if (s.kind === 'paycheck') paychecks.push({ ...common, accountId: s.accountId, notes: s.payee });
    else if (s.kind === 'transfer') transfers.push({ ...common, fromAccountId: s.accountId, toAccountId: s.toAccountId, notes: s.payee });
    else expenses.push({ ...common, accountId: s.accountId, categoryId: s.categoryId, description: s.payee });
    const move = moves.get(s.userId) ?? { owner: { budgetId: s.userId }, before: [], after: [] };
    move.after.push(...effectOf(o, amount));
    moves.set(s.userId, move);
  }
  if (expenses.length) await tx.transaction.createMany({ data: expenses });
  if (paychecks.length) await tx.paycheck.createMany({ data: paychecks });
  if (transfers.length) await tx.transfer.createMany({ data: transfers });
  await moveBalancesOf(tx, [...moves.values()]);
}

/** Each schedule's `nextDate` moved to its first date not handled, in one statement. */
async function moveNextDates(tx: Prisma.TransactionClient, schedules: Schedule[], handled: Map<string, Set<number>>) {
  const moves = schedules
    .map((s) => ({ id: s.id, before: s.nextDate, after: firstUnhandled(s, s.nextDate, handled.get(s.id)!) }))
    .filter((m) => m.before?.getTime() !== m.after?.getTime());
  if (moves.length === 0) return;
  const rows = moves.map((m) => Prisma.sql`(${m.id}, ${m.after}::timestamptz)`);
  await tx.$executeRaw`
    UPDATE schedules AS s SET next_date = v.next_date, updated_at = now()
    FROM (VALUES ${Prisma.join(rows)}) AS v(id, next_date) WHERE s.id = v.id`;
}
