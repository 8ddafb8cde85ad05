import type { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { personal, type Viewer } from '../../lib/viewer.ts';
import { markNotificationsReadInput, reminderSettingsInput, type ReminderEmailMode } from '../../../shared/inputs/reminders.ts';

/** The bell's notifications and the user's reminder settings (docs/product.md#reminders). */

type NotificationQuery = Omit<Prisma.NotificationFindManyArgs, 'where' | 'orderBy'>;
const NEWEST_FIRST: Prisma.NotificationOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

/** The user's notifications, newest first (only the unread ones with `unread`). */
export function listNotifications(viewer: Viewer, { unread = false } = {}, query: NotificationQuery = {}) {
  return viewer.prisma.notification.findMany({
    ...query,
    where: { ...personal(viewer), ...(unread ? { readAt: null } : {}) },
    orderBy: NEWEST_FIRST,
  });
}

export function countNotifications(viewer: Viewer, { unread = false } = {}) {
  return viewer.prisma.notification.count({ where: { ...personal(viewer), ...(unread ? { readAt: null } : {}) } });
}

export const unreadCount = (viewer: Viewer) => countNotifications(viewer, { unread: true });

/**
 * Marks notifications read: the ones named (every one must be the viewer's, else NOT_FOUND and
 * nothing changes), or every unread one without `ids`. Answers the ones named (all: none).
 */
export async function markNotificationsRead(viewer: Viewer, input: unknown) {
  const { ids } = parseInput(markNotificationsReadInput, input);
  const now = new Date();
  const marked = await viewer.prisma.$transaction(async (tx) => {
    if (ids === undefined) {
      await tx.notification.updateMany({ where: { ...personal(viewer), readAt: null }, data: { readAt: now } });
      return [];
    }
    const unique = [...new Set(ids)];
    const found = await tx.notification.findMany({ where: { ...personal(viewer), id: { in: unique } }, select: { id: true } });
    if (found.length !== unique.length) throw new NotFoundError('Notification');
    await tx.notification.updateMany({ where: { ...personal(viewer), id: { in: unique }, readAt: null }, data: { readAt: now } });
    return tx.notification.findMany({ where: { ...personal(viewer), id: { in: unique } }, orderBy: NEWEST_FIRST });
  });
  viewer.events.publish(viewer.id);
  return marked;
}

export interface ReminderSettings {
  reminderDays: number;
  reminderEmail: ReminderEmailMode;
}

export async function reminderSettings(viewer: Viewer): Promise<ReminderSettings> {
  const user = await viewer.prisma.user.findUniqueOrThrow({
    where: { id: viewer.id },
    select: { reminderDays: true, reminderEmail: true },
  });
  return { reminderDays: user.reminderDays, reminderEmail: user.reminderEmail as ReminderEmailMode };
}

/** Changes the days ahead and the e-mail mode; the next check uses them (a change event follows). */
export async function updateReminderSettings(viewer: Viewer, input: unknown) {
  const data = parseInput(reminderSettingsInput, input);
  await viewer.prisma.user.update({ where: { id: viewer.id }, data });
  viewer.events.publish(viewer.id);
  return reminderSettings(viewer);
}
