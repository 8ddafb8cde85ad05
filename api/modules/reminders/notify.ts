import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { formatCalendarDate } from '../../lib/dates.ts';
import type { NotificationKind } from '../../../shared/inputs/reminders.ts';

/**
 * Making notifications (docs/product.md#reminders). Each names the occurrence it is about with a
 * key, `kind:subject:date`, unique per user (`notifications_user_id_key_key`): the insert is
 * `ON CONFLICT DO NOTHING`, so the same occurrence seen twice (the next pass, another process, two
 * passes at once) makes one notification, and only the insert that made it gets it back.
 */

export interface NewNotification {
  kind: NotificationKind;
  /** The id of what it is about (a bill, a schedule, a category, an account, a bank connection). */
  subject: string;
  /** The day (or month, "YYYY-MM") of the occurrence: a later occurrence of the same subject is a new notification. */
  date: Date | string;
  /** What the bell and the e-mail say, e.g. "Rent ($1,200.00) is due on Dec 1". */
  title: string;
  /** Where the web app shows it ("/bills", "/accounts/<id>"). */
  link?: string | null;
}

type Db = PrismaClient | Prisma.TransactionClient;

export const notificationKey = (n: Pick<NewNotification, 'kind' | 'subject' | 'date'>) =>
  `${n.kind}:${n.subject}:${typeof n.date === 'string' ? n.date : formatCalendarDate(n.date)}`;

/**
 * Makes the notifications not made before; answers the ones it made. Whether each will be e-mailed
 * is the user's e-mail mode now. The caller publishes the user's change event when some were made
 * (after its transaction commits), so the bell of every open tab shows them.
 */
export async function notifyAll(db: Db, userId: string, items: NewNotification[]) {
  if (items.length === 0) return [];
  const user = await db.user.findUnique({ where: { id: userId }, select: { reminderEmail: true } });
  if (!user) return [];
  return db.notification.createManyAndReturn({
    data: items.map((n) => ({
      userId,
      kind: n.kind,
      key: notificationKey(n),
      title: n.title.slice(0, 300),
      link: n.link ?? null,
      emailPending: user.reminderEmail !== 'off',
    })),
    skipDuplicates: true,
  });
}

/**
 * One notification, for other modules: bank connections call it when a sync fails,
 * `notify(tx, userId, { kind: 'sync_failed', subject: connectionId, date: today, title: 'Syncing Chase failed: …', link: '/accounts' })`,
 * then `events.publish(userId)` once committed when it answers true. True: it was made now; false: it existed already.
 */
export async function notify(db: Db, userId: string, notification: NewNotification) {
  return (await notifyAll(db, userId, [notification])).length > 0;
}
