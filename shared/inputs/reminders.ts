import { z } from 'zod';

/** Reminders (docs/product.md#reminders): the bell's notifications and how they reach the user. */

export const NOTIFICATION_KINDS = ['bill_due', 'schedule_due', 'overspent', 'forecast_below_zero', 'sync_failed'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const REMINDER_EMAIL_MODES = ['off', 'each', 'digest'] as const;
export type ReminderEmailMode = (typeof REMINDER_EMAIL_MODES)[number];
export const REMINDER_EMAIL_LABELS: Record<ReminderEmailMode, string> = {
  off: 'Off',
  each: 'Each reminder',
  digest: 'Daily digest',
};

export const DEFAULT_REMINDER_DAYS = 3;
export const MAX_REMINDER_DAYS = 30;
const DAYS_MESSAGE = `Days ahead must be a whole number from 0 to ${MAX_REMINDER_DAYS}`;

/** PATCH /api/settings/reminders: either field or both. */
export const reminderSettingsInput = z
  .object({
    reminderDays: z
      .number({ message: DAYS_MESSAGE })
      .int(DAYS_MESSAGE)
      .min(0, DAYS_MESSAGE)
      .max(MAX_REMINDER_DAYS, DAYS_MESSAGE)
      .optional(),
    reminderEmail: z.enum(REMINDER_EMAIL_MODES, { message: 'E-mail must be off, each or digest' }).optional(),
  })
  .strict();

export const MAX_READ_IDS = 500;
export const READ_IDS_MESSAGE = `At most ${MAX_READ_IDS} ids at once`;

/** POST /api/notifications/read: these notifications, or (without ids) every one. */
export const markNotificationsReadInput = z
  .object({
    ids: z
      .array(z.string({ message: 'Each id must be text' }).max(100, 'Notification not found'), { message: 'ids must be a list of ids' })
      .max(MAX_READ_IDS, READ_IDS_MESSAGE)
      .optional(),
  })
  .strict();

/** GET /api/notifications?unread=1 */
export const notificationsQuery = z.object({
  unread: z.enum(['0', '1'], { message: 'unread must be 0 or 1' }).optional(),
});
