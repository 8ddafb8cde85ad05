import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { ChangeEvents } from '../../lib/change-events.ts';
import { addCalendarDays, today } from '../../lib/dates.ts';
import { lockOwner } from '../../lib/owner-lock.ts';
import { postDueBillPayments } from '../bills/bills.service.ts';
import { handledFrom, handleOccurrences, pendingDates } from './posting.ts';

/**
 * The poster (docs/product.md#schedules): posts every automatic schedule's occurrences and every
 * automatic bill's payments that are due, each dated on its own day, so a server that was stopped
 * for months catches up on its first pass. Any number of posters may run at once (several
 * processes, two passes started together): each user's pass takes the user's lock, re-reads what
 * is due under it and claims each (schedule, date) in a unique row, so an occurrence posts once.
 */

/** Users posted for at once: the passes of different users do not wait on each other. */
const USERS_AT_ONCE = 4;

/** One user's due items, posted in one database transaction; how many it posted. */
export async function postDueForUser(prisma: PrismaClient, userId: string, now = new Date(), { bills = true } = {}) {
  // An occurrence is due on its day in its schedule's time zone; none is more than a day ahead of UTC.
  const cutoff = addCalendarDays(today('UTC', now), 1);
  const owner = { id: userId };
  return prisma.$transaction(
    async (tx) => {
      await lockOwner(tx, owner);
      const schedules = await tx.schedule.findMany({ where: { userId, autoPost: true, nextDate: { lte: cutoff } } });
      const handled = await handledFrom(tx, schedules);
      const due = schedules.flatMap((schedule) =>
        pendingDates(schedule, today(schedule.timeZone, now), handled.get(schedule.id)!).map((date) => ({ schedule, date })),
      );
      const posted = await handleOccurrences(tx, owner, due, 'posted', handled);
      // Bills keep no time zone: they are due on their day in UTC.
      return posted.length + (bills ? await postDueBillPayments(tx, owner, today('UTC', now)) : 0);
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
  const users = [...new Set([...fromSchedules.map((u) => u.userId), ...withBills])];
  let total = 0;
  const worker = async () => {
    for (let userId = users.pop(); userId !== undefined; userId = users.pop()) {
      const posted = await postDueForUser(prisma, userId, now, { bills: withBills.has(userId) });
      total += posted;
      if (posted > 0) events.publish(userId);
    }
  };
  await Promise.all(Array.from({ length: USERS_AT_ONCE }, worker));
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
