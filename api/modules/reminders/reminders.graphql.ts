import type { Notification } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';
import { MutationPayload } from '../../graphql/mutations.ts';
import { UserRef } from '../users/users.graphql.ts';
import {
  REMINDER_EMAIL_LABELS,
  REMINDER_EMAIL_MODES,
  type NotificationKind as Kind,
  type ReminderEmailMode as EmailMode,
} from '../../../shared/inputs/reminders.ts';
import {
  countNotifications,
  listNotifications,
  markNotificationsRead,
  unreadCount,
  updateReminderSettings,
  type ReminderSettings,
} from './reminders.service.ts';

const NotificationKind = builder.enumType('NotificationKind', {
  description: 'What a notification is about (docs/product.md#reminders).',
  values: {
    bill_due: { description: 'A bill due within the days ahead (or overdue).' },
    schedule_due: { description: 'An "ask first" schedule’s occurrence due within the days ahead.' },
    overspent: { description: 'A category overspent this month.' },
    forecast_below_zero: { description: 'An account whose forecast goes below zero.' },
    sync_failed: { description: 'A bank sync that failed.' },
  } satisfies Record<Kind, { description: string }>,
});

const ReminderEmailMode = builder.enumType('ReminderEmailMode', {
  description: 'Whether reminders are e-mailed (when the server has SMTP_URL).',
  values: Object.fromEntries(REMINDER_EMAIL_MODES.map((m) => [m, { description: `Shown as "${REMINDER_EMAIL_LABELS[m]}".` }])) as Record<
    EmailMode,
    { description: string }
  >,
});

export const NotificationRef = builder.prismaNode('Notification', {
  id: { field: 'id' },
  description: 'A reminder in the bell.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    kind: t.field({ type: NotificationKind, resolve: (n) => n.kind as Kind }),
    title: t.exposeString('title', { description: 'What it says, e.g. "Rent ($1,200.00) is due on Dec 1".' }),
    link: t.exposeString('link', { nullable: true, description: 'The app’s path that shows what it is about, or null.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was made.' }),
    readAt: t.expose('readAt', { type: 'DateTime', nullable: true, description: 'When it was marked read; null: unread.' }),
  }),
});

const ReminderSettingsRef = builder.objectRef<ReminderSettings>('ReminderSettings').implement({
  description: 'How the user is reminded.',
  fields: (t) => ({
    days: t.exposeInt('reminderDays', { description: 'Bills and "ask first" schedules are said this many days ahead (0 to 30).' }),
    email: t.field({
      type: ReminderEmailMode,
      description: 'E-mail: off, each reminder, or a daily digest.',
      resolve: (s) => s.reminderEmail,
    }),
  }),
});

builder.prismaObjectFields(UserRef, (t) => ({
  notifications: t.prismaConnection(
    {
      type: 'Notification',
      cursor: 'id',
      description: "The user's notifications, newest first.",
      args: { unread: t.arg.boolean({ required: false, description: 'Only the unread ones.' }) },
      totalCount: (_user, args, ctx) => countNotifications(ctx.viewer, { unread: args.unread ?? false }),
      resolve: (query, _user, args, ctx) => listNotifications(ctx.viewer, { unread: args.unread ?? false }, query),
    },
    {
      fields: (c) => ({
        unreadCount: c.int({ description: 'How many are unread (the bell’s badge).', resolve: (_c, _a, ctx) => unreadCount(ctx.viewer) }),
      }),
    },
  ),
  reminderSettings: t.field({
    type: ReminderSettingsRef,
    description: 'How the user is reminded (Settings).',
    select: { reminderDays: true, reminderEmail: true },
    resolve: (user) => ({ reminderDays: user.reminderDays, reminderEmail: user.reminderEmail as EmailMode }),
  }),
}));

const MarkNotificationsReadInput = builder.inputType('MarkNotificationsReadInput', {
  description: 'For markNotificationsRead: the notifications to mark read, or none for every one.',
  fields: (t) => ({
    ids: t.globalIDList({ for: NotificationRef, required: false, description: 'Up to 500 of your notifications; omitted: all.' }),
  }),
});

const MarkNotificationsReadPayload = builder
  .objectRef<{ notifications: Notification[]; unreadCount: number }>('MarkNotificationsReadPayload')
  .implement({
    description: 'The notifications marked read, how many are still unread, and the signed-in user.',
    interfaces: [MutationPayload],
    fields: (t) => ({
      notifications: t.field({
        type: [NotificationRef],
        description: 'The notifications named (empty when every one was marked).',
        resolve: (p) => p.notifications,
      }),
      unreadCount: t.exposeInt('unreadCount', { description: 'How many are unread now (the bell’s badge).' }),
    }),
  });

const UpdateReminderSettingsInput = builder.inputType('UpdateReminderSettingsInput', {
  description: 'For updateReminderSettings: either field or both.',
  fields: (t) => ({
    days: t.int({ required: false, description: '0 to 30 days ahead.' }),
    email: t.field({ type: ReminderEmailMode, required: false, description: 'Off, each reminder, or a daily digest.' }),
  }),
});

const UpdateReminderSettingsPayload = builder.objectRef<object>('UpdateReminderSettingsPayload').implement({
  description: 'The signed-in user with the new reminder settings.',
  interfaces: [MutationPayload],
});

builder.mutationFields((t) => ({
  markNotificationsRead: t.field({
    type: MarkNotificationsReadPayload,
    description: 'Marks notifications read: the ones named (NOT_FOUND if one is not yours), or every one.',
    args: { input: t.arg({ type: MarkNotificationsReadInput, required: false }) },
    resolve: async (_root, { input }, ctx) => {
      const notifications = await markNotificationsRead(ctx.viewer, input?.ids ? { ids: input.ids.map((id) => id.id) } : {});
      return { notifications, unreadCount: await unreadCount(ctx.viewer) };
    },
  }),
  updateReminderSettings: t.field({
    type: UpdateReminderSettingsPayload,
    description: 'Changes the days ahead and the e-mail mode of reminders.',
    args: { input: t.arg({ type: UpdateReminderSettingsInput }) },
    resolve: async (_root, { input }, ctx) => {
      await updateReminderSettings(ctx.viewer, {
        ...(input.days == null ? {} : { reminderDays: input.days }),
        ...(input.email == null ? {} : { reminderEmail: input.email }),
      });
      return {};
    },
  }),
}));
