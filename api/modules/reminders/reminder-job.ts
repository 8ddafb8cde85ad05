import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { ChangeEvents } from '../../lib/change-events.ts';
import { formatCalendarDate, today } from '../../lib/dates.ts';
import type { ReadMemo } from '../../lib/read-memo.ts';
import { checkReminders } from './reminder-checks.ts';
import { deliverReminderEmails, type Mailer } from './reminder-email.ts';

/**
 * The reminders' job (docs/architecture.md#reminders): checks the users whose data changed a
 * moment after the change (each change in the process that made it: with every process checking
 * every change, two processes did each check twice), and every user once a day (due dates come
 * closer without any change), at start and when the UTC day changes, in whichever process claims
 * them first; then sends the pending e-mails. Every process runs it: a notification is made once
 * (its unique key) and an e-mail sent once (its claim), whichever process gets there first.
 */

/** The origin of the change events the job publishes for the notifications it made: not a change to check again. */
const REMINDERS_ORIGIN = 'reminders';

/**
 * Users checked at once: a few for those whose data just changed, one for the pass over everyone
 * (at start and daily). A check asks 4 statements at once, and the pass over a thousand users must
 * leave most of the process's 10 database connections to requests: with 4 users at once it held
 * them all for minutes after a start, and requests waiting 5 s for one were answered 503
 * (docs/performance.md#households).
 */
const USERS_AT_ONCE = 4;
const EVERYONE_AT_ONCE = 1;

/** Users claimed at a time by the daily check: few, so a process that dies leaves few unchecked that day. */
const CLAIM_BATCH = 10;

/**
 * Up to `count` active users not yet claimed for `day`'s check, now claimed for it (`reminded_on`):
 * processes claiming at once get different users (SKIP LOCKED), and a user claimed today is not
 * claimed again until the next day, whichever process asks.
 */
export async function claimDailyChecks(prisma: PrismaClient, day: string, count = CLAIM_BATCH): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    UPDATE users SET reminded_on = ${day}::date
     WHERE id IN (SELECT id FROM users
                   WHERE disabled_at IS NULL AND (reminded_on IS NULL OR reminded_on < ${day}::date)
                   ORDER BY id LIMIT ${count} FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  return rows.map((r) => r.id);
}

/**
 * One pass over `userIds`, or the day's check of every active user when null: the users no
 * process has claimed today, claimed a few at a time (`claimDailyChecks`), so with several
 * processes each user is checked once a day, not once per process. Answers how many
 * notifications it made. It ends early once `stopped` holds: a stopping process does not check a
 * thousand users first.
 */
export async function remindUsers(
  prisma: PrismaClient,
  memo: ReadMemo,
  events: Pick<ChangeEvents, 'publish'>,
  userIds: string[] | null,
  { now = new Date(), stopped = () => false }: { now?: Date; stopped?: () => boolean } = {},
) {
  const users = userIds ? [...userIds] : [];
  const day = formatCalendarDate(today('UTC', now));
  /** The next user to check: from the list, or (the daily check) claimed when the claimed ones are done. */
  const next = async () => {
    if (users.length === 0 && userIds === null) users.push(...(await claimDailyChecks(prisma, day)));
    return users.pop();
  };
  let made = 0;
  // One user's failure (deleted meanwhile, a statement timed out) does not stop the others' checks.
  const failures: unknown[] = [];
  const worker = async () => {
    // Stopped is asked before claiming: a stopping process claims nobody it would not check.
    while (!stopped()) {
      const userId = await next();
      if (userId === undefined) return;
      try {
        const count = await checkReminders(prisma, memo, userId, now);
        made += count;
        if (count > 0) events.publish(userId, REMINDERS_ORIGIN);
      } catch (err) {
        failures.push(err);
      }
    }
  };
  await Promise.all(Array.from({ length: userIds === null ? EVERYONE_AT_ONCE : USERS_AT_ONCE }, worker));
  if (failures.length > 0) throw new AggregateError(failures, `Checking reminders failed for ${failures.length} user(s)`);
  return made;
}

export interface ReminderJob {
  prisma: PrismaClient;
  memo: ReadMemo;
  events: Pick<ChangeEvents, 'publish' | 'onChangeHere'>;
  /** Set when SMTP_URL is: pending e-mails go out after each pass. */
  mail?: { mailer: Mailer; publicUrl: string };
  log: (err: unknown) => void;
  /** How often the job looks for a new day (and e-mails to send); a minute. */
  everyMs?: number;
  /** How long after a change its user is checked, so a burst of changes is one check. */
  afterChangeMs?: number;
}

/** Starts the job; the answer stops it, settling once the running pass has finished. */
export function startReminders({ prisma, memo, events, mail, log, everyMs = 60_000, afterChangeMs = 2_000 }: ReminderJob) {
  let everyone = true;
  let sweptDay = '';
  const changed = new Set<string>();
  let running: Promise<void> | null = null;
  let again = false;
  let soon: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const pass = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    const day = formatCalendarDate(today('UTC'));
    if (day !== sweptDay) [everyone, sweptDay] = [true, day];
    const users = everyone ? null : [...changed];
    everyone = false;
    changed.clear();
    // The checks and the e-mails fail apart: a mail server that is down leaves the bell working.
    running = (async () => {
      if (users === null || users.length > 0) await remindUsers(prisma, memo, events, users, { stopped: () => stopped }).catch(log);
      if (mail) await deliverReminderEmails(prisma, mail.mailer, mail.publicUrl).catch(log);
    })().finally(() => {
      running = null;
      if (again) {
        again = false;
        pass();
      }
    });
  };
  const stopListening = events.onChangeHere((userId, origin) => {
    if (origin === REMINDERS_ORIGIN) return;
    changed.add(userId);
    soon ??= setTimeout(() => {
      soon = undefined;
      pass();
    }, afterChangeMs);
    soon.unref?.();
  });
  pass();
  const timer = setInterval(pass, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    stopListening();
    clearInterval(timer);
    clearTimeout(soon);
    await running;
  };
}
