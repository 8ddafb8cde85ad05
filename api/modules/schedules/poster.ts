import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { ChangeEvents } from '../../lib/change-events.ts';
import { addCalendarDays, today } from '../../lib/dates.ts';
import { lockOwners } from '../../lib/owner-lock.ts';
import { postDueBillPayments } from '../bills/bills.service.ts';
import { handledFrom, handleOccurrences, pendingDates } from './posting.ts';

/**
 * The poster (docs/product.md#schedules): posts every automatic schedule's occurrences and every
 * automatic bill's payments that are due, each dated on its own day, so a server that was stopped
 * for months catches up on its first pass. Any number of posters may run at once (several
 * processes, two passes started together): each batch of users takes their locks (in id order),
 * re-reads what is due under them and claims each (schedule, date) in a unique row, so an
 * occurrence posts once.
 *
 * Users are posted for in batches, one database transaction each: a pass's time is its round
 * trips to the database, about ten per transaction whatever its size
 * (docs/performance.md#schedules-and-forecast).
 */

/** Users posted for in one database transaction. */
const USERS_PER_BATCH = 100;
/** Batches posted at once: each waits on the database part of the time. */
const BATCHES_AT_ONCE = 2;

/**
 * The due items of a batch of users, posted in one database transaction; how many each user got.
 * `withBills`: the users with automatic bills due (the others' bills are not read).
 */
export async function postDueForUsers(
  prisma: PrismaClient,
  userIds: string[],
  now = new Date(),
  withBills: ReadonlySet<string> = new Set(userIds),
): Promise<Map<string, number>> {
  // An occurrence is due on its day in its schedule's time zone; none is more than a day ahead of UTC.
  const cutoff = addCalendarDays(today('UTC', now), 1);
  return prisma.$transaction(
    async (tx) => {
      await lockOwners(tx, userIds);
      const schedules = await tx.schedule.findMany({ where: { userId: { in: userIds }, autoPost: true, nextDate: { lte: cutoff } } });
      const handled = await handledFrom(tx, schedules);
      const due = schedules.flatMap((schedule) =>
        pendingDates(schedule, today(schedule.timeZone, now), handled.get(schedule.id)!).map((date) => ({ schedule, date })),
      );
      const posted = new Map<string, number>();
      for (const o of await handleOccurrences(tx, due, 'posted', handled)) {
        posted.set(o.schedule.userId, (posted.get(o.schedule.userId) ?? 0) + 1);
      }
      for (const userId of userIds.filter((id) => withBills.has(id))) {
        // Bills keep no time zone: they are due on their day in UTC.
        const bills = await postDueBillPayments(tx, { budgetId: userId }, today('UTC', now));
        if (bills) posted.set(userId, (posted.get(userId) ?? 0) + bills);
      }
      return posted;
    },
    { timeout: 60_000 },
  );
}

/** One pass over every user with something due; the number of records posted. */
export async function postDue(prisma: PrismaClient, events: Pick<ChangeEvents, 'publish'>, now = new Date()) {
  const cutoff = addCalendarDays(today('UTC', now), 1);
  const [fromSchedules, fromBills] = await Promise.all([
    prisma.schedule.findMany({ where: { autoPost: true, nextDate: { lte: cutoff } }, select: { userId: true }, distinct: ['userId'] }),
    prisma.recurringBill.findMany({
      where: { autoPost: true, isActive: true, nextDueDate: { lte: today('UTC', now) } },
      select: { userId: true },
      distinct: ['userId'],
    }),
  ]);
  const withBills = new Set(fromBills.map((u) => u.userId));
  const users = [...new Set([...fromSchedules.map((u) => u.userId), ...withBills])].sort();
  const batches = Array.from({ length: Math.ceil(users.length / USERS_PER_BATCH) }, (_, i) =>
    users.slice(i * USERS_PER_BATCH, (i + 1) * USERS_PER_BATCH),
  );
  let total = 0;
  const post = async (batch: string[]) => {
    for (const [userId, posted] of await postDueForUsers(prisma, batch, now, withBills)) {
      total += posted;
      events.publish(userId);
    }
  };
  const worker = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      try {
        await post(batch);
      } catch (err) {
        if (batch.length === 1) throw err;
        // One user's failure must not hold back the others of the batch: each is posted alone, and a failure of its own is thrown.
        const failures: unknown[] = [];
        for (const userId of batch) await post([userId]).catch((e: unknown) => failures.push(e));
        if (failures.length) throw failures[0];
      }
    }
  };
  await Promise.all(Array.from({ length: BATCHES_AT_ONCE }, worker));
  return total;
}

/**
 * Runs `postDue` now (catching up after downtime) and then every `everyMs` (a minute), never two
 * passes of this process at once. The answer stops it: no new pass starts, and the promise it
 * returns settles when the running one has finished, before the server closes the database.
 */
export function startPoster(
  prisma: PrismaClient,
  events: Pick<ChangeEvents, 'publish'>,
  log: (err: unknown) => void,
  everyMs = 60_000,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const pass = () => {
    if (running) return;
    running = postDue(prisma, events)
      .then(() => undefined, log)
      .finally(() => (running = null));
  };
  pass();
  const timer = setInterval(pass, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
