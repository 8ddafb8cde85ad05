import type { Prisma, Schedule } from '../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { addCalendarDays, formatCalendarDate, today } from '../../lib/dates.ts';
import { lockOwned, updateOwned } from '../../lib/owned-update.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Reader, type Viewer } from '../../lib/viewer.ts';
import { ownsBudgetCategory } from '../budget/budget.service.ts';
import { ledgerWrite, ownedAccountId } from '../accounts/ledger.ts';
import { isRecurrenceDate, recurrenceDateAfter } from '../bills/due-dates.ts';
import {
  addScheduleInput,
  scheduleOccurrenceInput,
  updateScheduleInput,
  upcomingQuery,
  type ScheduleInput,
} from '../../../shared/inputs/schedules.ts';
import { handledFrom, handleOccurrences, pendingDates, ruleOf, type Occurrence } from './posting.ts';

type ScheduleQuery = Omit<Prisma.ScheduleFindManyArgs, 'where' | 'orderBy'>;
const SCHEDULE_ORDER: Prisma.ScheduleOrderByWithRelationInput[] = [{ createdAt: 'asc' }, { id: 'asc' }];

export function listSchedules(viewer: Viewer, query: ScheduleQuery = {}) {
  return viewer.prisma.schedule.findMany({ ...query, where: owned(viewer), orderBy: SCHEDULE_ORDER });
}

export function countSchedules(viewer: Viewer) {
  return viewer.prisma.schedule.count({ where: owned(viewer) });
}

/** The category and accounts a schedule names, checked as the viewer's (another user's id answers as a missing one). */
async function checkReferences(tx: Prisma.TransactionClient, viewer: Viewer, s: ScheduleInput) {
  if (s.categoryId && !(await ownsBudgetCategory(viewer, s.categoryId, tx))) {
    throw new ValidationError([{ path: ['categoryId'], message: 'Category not found' }]);
  }
  await ownedAccountId(tx, viewer, s.accountId);
  if (s.kind === 'transfer') await ownedAccountId(tx, viewer, s.toAccountId, 'toAccountId');
}

/** The columns of a checked schedule: fields a kind or frequency does not use are stored as null. */
function columns(viewer: Viewer, s: ScheduleInput) {
  return {
    kind: s.kind,
    amount: s.amount,
    payee: s.payee,
    categoryId: s.kind === 'expense' ? (s.categoryId ?? null) : null,
    accountId: s.accountId,
    toAccountId: s.kind === 'transfer' ? (s.toAccountId ?? null) : null,
    frequency: s.frequency,
    interval: s.frequency === 'every_n_days' ? (s.interval ?? null) : null,
    dayOfMonth: s.frequency === 'monthly' ? (s.dayOfMonth ?? null) : null,
    days: s.frequency === 'semimonthly' ? [...(s.days ?? [])].sort((a, b) => a - b) : [],
    startDate: s.startDate,
    endDate: s.endDate ?? null,
    occurrences: s.occurrences ?? null,
    autoPost: s.autoPost,
    timeZone: viewer.timeZone,
  };
}

/** A stored schedule as the input it was made from, so an edit is checked as a whole by the create's rules. */
function asInput(s: Schedule) {
  return {
    kind: s.kind,
    amount: s.amount.toFixed(2),
    payee: s.payee,
    categoryId: s.categoryId,
    accountId: s.accountId,
    toAccountId: s.toAccountId,
    frequency: s.frequency,
    interval: s.interval,
    dayOfMonth: s.dayOfMonth,
    days: s.days.length ? s.days : null,
    startDate: formatCalendarDate(s.startDate),
    endDate: s.endDate && formatCalendarDate(s.endDate),
    occurrences: s.occurrences,
    autoPost: s.autoPost,
  };
}

/** Adds a schedule; one that posts automatically and started in the past posts what is due at once. */
export async function addSchedule(viewer: Viewer, input: unknown) {
  const data = parseInput(addScheduleInput, input);
  const schedule = await ledgerWrite(viewer, async (tx) => {
    await checkReferences(tx, viewer, data);
    const cols = columns(viewer, data);
    const created = await tx.schedule.create({ data: { ...cols, userId: viewer.budgetId, nextDate: null } });
    const nextDate = recurrenceDateAfter(ruleOf(created), null);
    return postDueNow(tx, await tx.schedule.update({ where: { id: created.id }, data: { nextDate } }));
  });
  viewer.events.publish(viewer.budgetId);
  return schedule;
}

/**
 * Changes a schedule: the schedule it ends with is checked whole. What was posted or skipped stays;
 * its next date becomes the new rule's first date after the last one handled (an edit never posts
 * history again), and what is due then posts at once when it posts automatically.
 */
export async function updateSchedule(viewer: Viewer, id: string, input: unknown) {
  const changes = parseInput(updateScheduleInput, input);
  return updateOwned(viewer, { table: 'schedules', id, what: 'Schedule', changes }, async (tx) => {
    const before = await tx.schedule.findUniqueOrThrow({ where: { id } });
    const data = parseInput(addScheduleInput, { ...asInput(before), ...changes });
    await checkReferences(tx, viewer, data);
    const last = await tx.scheduleOccurrence.findFirst({ where: { scheduleId: id }, orderBy: { date: 'desc' }, select: { date: true } });
    const after = await tx.schedule.update({ where: { id }, data: columns(viewer, data) });
    const nextDate = recurrenceDateAfter(ruleOf(after), last?.date ?? null);
    return postDueNow(tx, await tx.schedule.update({ where: { id }, data: { nextDate } }));
  });
}

export async function deleteSchedule(viewer: Viewer, id: string) {
  const { count } = await viewer.prisma.schedule.deleteMany({ where: { id, ...owned(viewer) } });
  if (count === 0) throw new NotFoundError('Schedule');
  viewer.events.publish(viewer.budgetId);
}

/** Posts an automatic schedule's occurrences due by today (its time zone's), inside the caller's ledger write. */
async function postDueNow(tx: Prisma.TransactionClient, s: Schedule) {
  if (!s.autoPost) return s;
  const handled = await handledFrom(tx, [s]);
  const due = pendingDates(s, today(s.timeZone), handled.get(s.id)!);
  if (due.length === 0) return s;
  await handleOccurrences(
    tx,
    due.map((date) => ({ schedule: s, date })),
    'posted',
    handled,
  );
  return tx.schedule.findUniqueOrThrow({ where: { id: s.id } });
}

/** One occurrence still to come (or waiting), as the upcoming list and the Dashboard show it. */
export interface UpcomingOccurrence {
  schedule: Schedule;
  date: Date;
  /** Due (today or before) and "ask first": waiting for Post or Skip. */
  waiting: boolean;
}

/** Every schedule's occurrences neither posted nor skipped, up to `until`, by date. */
export async function occurrencesUntil(viewer: Reader, until: Date, where: Prisma.ScheduleWhereInput = {}): Promise<UpcomingOccurrence[]> {
  const schedules = await viewer.prisma.schedule.findMany({
    where: { ...owned(viewer), ...where, nextDate: { not: null, lte: until } },
    orderBy: SCHEDULE_ORDER,
  });
  const handled = await handledFrom(viewer.prisma, schedules);
  const todayHere = today(viewer.timeZone);
  return schedules
    .flatMap((schedule) =>
      pendingDates(schedule, until, handled.get(schedule.id)!).map((date) => ({
        schedule,
        date,
        waiting: !schedule.autoPost && date <= todayHere,
      })),
    )
    .sort((a, b) => a.date.getTime() - b.date.getTime());
}

/** GET /api/schedules/upcoming: the occurrences due within `days` days, and every one still waiting. */
export function upcomingOccurrences(viewer: Viewer, query: unknown = {}) {
  const { days } = parseInput(upcomingQuery, query);
  return occurrencesUntil(viewer, addCalendarDays(today(viewer.timeZone), days));
}

/** The "ask first" occurrences due today or before: the Dashboard's "waiting for you". */
export function waitingOccurrences(viewer: Viewer) {
  return occurrencesUntil(viewer, today(viewer.timeZone), { autoPost: false });
}

/**
 * Posts or skips one occurrence (the schedule row locked): the date must be one of the schedule's
 * and not yet handled; a post may give another amount for this one occurrence. The rest of the
 * schedule is left as it was.
 */
async function handleOne(viewer: Viewer, id: string, input: unknown, status: 'posted' | 'skipped') {
  const data = parseInput(scheduleOccurrenceInput, input);
  if (status === 'skipped' && data.amount !== undefined) {
    throw new ValidationError([{ path: ['amount'], message: 'A skipped occurrence has no amount' }]);
  }
  const date = new Date(data.date);
  const result = await ledgerWrite(viewer, async (tx) => {
    if (!(await lockOwned(tx, viewer, 'schedules', id))) throw new NotFoundError('Schedule');
    const schedule = await tx.schedule.findUniqueOrThrow({ where: { id } });
    if (!isRecurrenceDate(ruleOf(schedule), date)) {
      throw new ValidationError([{ path: ['date'], message: 'Date is not an occurrence of this schedule' }]);
    }
    const occurrence: Occurrence = { schedule, date, amount: data.amount };
    const [done] = await handleOccurrences(tx, [occurrence], status);
    if (!done) throw new ValidationError([{ path: ['date'], message: 'This occurrence was already posted or skipped' }]);
    return tx.schedule.findUniqueOrThrow({ where: { id } });
  });
  viewer.events.publish(viewer.budgetId);
  return result;
}

export const postOccurrence = (viewer: Viewer, id: string, input: unknown) => handleOne(viewer, id, input, 'posted');
export const skipOccurrence = (viewer: Viewer, id: string, input: unknown) => handleOne(viewer, id, input, 'skipped');
