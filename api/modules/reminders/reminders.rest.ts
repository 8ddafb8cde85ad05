import { z } from 'zod';
import type { Notification } from '../../generated/prisma/client.ts';
import { defineRoutes, route } from '../../rest/route-table.ts';
import { listRoute } from '../../rest/paging.ts';
import { rowJson } from '../../rest/json.ts';
import {
  markNotificationsReadInput,
  notificationsQuery,
  REMINDER_EMAIL_MODES,
  reminderSettingsInput,
} from '../../../shared/inputs/reminders.ts';
import { listNotifications, markNotificationsRead, reminderSettings, unreadCount, updateReminderSettings } from './reminders.service.ts';

const notificationJson = (n: Notification) => rowJson(n);

const unreadAnswer = z.object({ unreadCount: z.int().meta({ description: 'How many notifications are unread (the bell’s badge)' }) });

const settingsAnswer = z.object({
  reminderDays: z.int().meta({ description: 'Bills and "ask first" schedules are said this many days ahead (0 to 30)' }),
  reminderEmail: z
    .enum(REMINDER_EMAIL_MODES)
    .meta({ description: 'E-mail: off, each reminder, or a daily digest (when the server has SMTP_URL)' }),
});

/** The bell's notifications and the reminder settings (docs/product.md#reminders). */
export const reminderRoutes = defineRoutes(
  listRoute({
    path: '/notifications',
    tag: 'Reminders',
    summary: 'List your notifications, newest first (`unread=1`: only the unread ones)',
    model: 'Notification',
    query: notificationsQuery,
    list: (viewer, query, page) => listNotifications(viewer, { unread: query.unread === '1' }, page),
    json: (_viewer, n) => notificationJson(n),
  }),
  route({
    method: 'get',
    path: '/notifications/unread-count',
    tag: 'Reminders',
    summary: 'How many of your notifications are unread',
    returns: { json: unreadAnswer },
    handler: async (viewer) => ({ unreadCount: await unreadCount(viewer) }),
  }),
  route({
    method: 'post',
    path: '/notifications/read',
    tag: 'Reminders',
    summary: 'Mark notifications read: `ids` (404 if one is not yours, nothing marked), or every one without `ids`',
    body: markNotificationsReadInput,
    returns: { json: unreadAnswer },
    handler: async (viewer, { body }) => {
      await markNotificationsRead(viewer, body);
      return { unreadCount: await unreadCount(viewer) };
    },
  }),
  route({
    method: 'get',
    path: '/settings/reminders',
    tag: 'Reminders',
    summary: 'Your reminder settings',
    returns: { json: settingsAnswer },
    handler: (viewer) => reminderSettings(viewer),
  }),
  route({
    method: 'patch',
    path: '/settings/reminders',
    tag: 'Reminders',
    summary: 'Change the days ahead (0–30) and the e-mail mode (off, each, digest) of reminders',
    body: reminderSettingsInput,
    returns: { json: settingsAnswer },
    handler: (viewer, { body }) => updateReminderSettings(viewer, body),
  }),
);
