import type { Schedule } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { ownedNode } from '../../graphql/context.ts';
import { deleteMutation, MutationPayload, updateMutation } from '../../graphql/mutations.ts';
import { AccountRef } from '../accounts/accounts.graphql.ts';
import { BudgetCategoryRef } from '../budget/budget.graphql.ts';
import { PaycheckRef } from '../paychecks/paychecks.graphql.ts';
import { TransactionRef } from '../transactions/transactions.graphql.ts';
import { TransferRef } from '../transfers/transfers.graphql.ts';
import { UserRef } from '../users/users.graphql.ts';
import {
  SCHEDULE_FREQUENCIES,
  SCHEDULE_FREQUENCY_LABELS,
  SCHEDULE_KIND_LABELS,
  SCHEDULE_KINDS,
  type ScheduleFrequency as Frequency,
  type ScheduleKind as Kind,
} from '../../../shared/inputs/schedules.ts';
import {
  addSchedule,
  countSchedules,
  deleteSchedule,
  listSchedules,
  postOccurrence,
  skipOccurrence,
  updateSchedule,
  upcomingOccurrences,
  waitingOccurrences,
  type UpcomingOccurrence,
} from './schedules.service.ts';

export const ScheduleKind = builder.enumType('ScheduleKind', {
  description: 'What a schedule posts.',
  values: Object.fromEntries(SCHEDULE_KINDS.map((k) => [k, { description: `Shown as "${SCHEDULE_KIND_LABELS[k]}".` }])) as Record<
    Kind,
    { description: string }
  >,
});

export const ScheduleFrequency = builder.enumType('ScheduleFrequency', {
  description: 'How often a schedule comes back (docs/product.md#schedules).',
  values: Object.fromEntries(
    SCHEDULE_FREQUENCIES.map((f) => [f, { description: `Shown as "${SCHEDULE_FREQUENCY_LABELS[f]}".` }]),
  ) as Record<Frequency, { description: string }>,
});

export const ScheduleRef = builder.prismaNode('Schedule', {
  id: { field: 'id' },
  description: 'A recurring expense, paycheck or transfer that posts itself or waits for you.',
  findUnique: ownedNode,
  nullable: true,
  fields: (t) => ({
    kind: t.field({ type: ScheduleKind, description: 'What it posts.', resolve: (s) => s.kind as Kind }),
    amount: t.expose('amount', { type: 'Money', description: 'The amount of each occurrence.' }),
    payee: t.exposeString('payee', { description: "Who is paid or pays: the posted expense's description, or the notes." }),
    category: t.relation('category', { nullable: true, description: 'The category of its expenses, or null.' }),
    account: t.relation('account', { description: 'The account paid from (expense, transfer) or into (paycheck).' }),
    toAccount: t.relation('toAccount', { nullable: true, description: 'A transfer’s receiving account; null otherwise.' }),
    frequency: t.field({ type: ScheduleFrequency, description: 'How often it comes back.', resolve: (s) => s.frequency as Frequency }),
    interval: t.exposeInt('interval', { nullable: true, description: 'every_n_days: the number of days.' }),
    dayOfMonth: t.exposeInt('dayOfMonth', {
      nullable: true,
      description: 'monthly: the day (31 = the last day); null = the start date’s day.',
    }),
    days: t.exposeIntList('days', { description: 'semimonthly: the two days of the month; empty otherwise.' }),
    startDate: t.expose('startDate', { type: 'Date', description: 'The first possible date.' }),
    endDate: t.expose('endDate', { type: 'Date', nullable: true, description: 'The last possible date, or null.' }),
    occurrences: t.exposeInt('occurrences', { nullable: true, description: 'How many times in all, or null.' }),
    autoPost: t.exposeBoolean('autoPost', { description: 'True: posts automatically when due. False: asks first.' }),
    nextDate: t.expose('nextDate', {
      type: 'Date',
      nullable: true,
      description: 'The first occurrence neither posted nor skipped; null once it ended.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was added.' }),
  }),
});

export const ScheduleOccurrenceRef = builder.objectRef<UpcomingOccurrence>('ScheduleOccurrence').implement({
  description: 'One occurrence of a schedule, neither posted nor skipped.',
  fields: (t) => ({
    date: t.field({ type: 'Date', description: 'Its day.', resolve: (o) => o.date }),
    waiting: t.exposeBoolean('waiting', { description: 'Due and "ask first": waiting for Post or Skip.' }),
    schedule: t.field({ type: ScheduleRef, description: 'Its schedule.', resolve: (o) => o.schedule }),
  }),
});

for (const ref of [TransactionRef, PaycheckRef, TransferRef] as const) {
  builder.prismaObjectField(ref as typeof TransactionRef, 'schedule', (t) =>
    t.relation('schedule', { nullable: true, description: 'The schedule that posted it, or null.' }),
  );
}

builder.prismaObjectFields(UserRef, (t) => ({
  schedules: t.prismaConnection({
    type: 'Schedule',
    cursor: 'id',
    description: "The user's schedules, in the order they were added.",
    totalCount: (_user, _args, ctx) => countSchedules(ctx.viewer),
    resolve: (query, _user, _args, ctx) => listSchedules(ctx.viewer, query),
  }),
  upcomingOccurrences: t.field({
    type: [ScheduleOccurrenceRef],
    description: 'Occurrences due within `days` days (1 to 366) and every one waiting, by date.',
    args: { days: t.arg.int({ required: false, defaultValue: 30 }) },
    resolve: (_user, args, ctx) => upcomingOccurrences(ctx.viewer, { days: args.days }),
  }),
  waitingOccurrences: t.field({
    type: [ScheduleOccurrenceRef],
    description: '"Ask first" occurrences due today or before: the Dashboard’s "waiting for you".',
    resolve: (_user, _args, ctx) => waitingOccurrences(ctx.viewer),
  }),
}));

const AddScheduleInput = builder.inputType('AddScheduleInput', {
  description: 'A new schedule, for addSchedule (the REST shape of POST /api/schedules).',
  fields: (t) => ({
    kind: t.field({ type: ScheduleKind, description: 'What it posts.' }),
    amount: t.field({ type: 'Money', description: 'Greater than 0.' }),
    payee: t.string({ description: '1 to 200 characters.' }),
    categoryId: t.globalID({ for: BudgetCategoryRef, required: false, description: 'Expenses: one of your categories, or none.' }),
    accountId: t.globalID({ for: AccountRef, description: 'The account paid from (expense, transfer) or into (paycheck).' }),
    toAccountId: t.globalID({ for: AccountRef, required: false, description: 'Transfers: the receiving account.' }),
    frequency: t.field({ type: ScheduleFrequency, description: 'How often it comes back.' }),
    interval: t.int({ required: false, description: 'every_n_days: 1 to 366.' }),
    dayOfMonth: t.int({ required: false, description: 'monthly: 1 to 31 (31 = the last day).' }),
    days: t.intList({ required: false, description: 'semimonthly: two days, e.g. [1, 15].' }),
    startDate: t.field({ type: 'Date', description: 'The first possible date.' }),
    endDate: t.field({ type: 'Date', required: false, description: 'The last possible date (not with occurrences).' }),
    occurrences: t.int({ required: false, description: 'How many times in all, 1 to 1000 (not with endDate).' }),
    autoPost: t.boolean({ required: false, description: 'True: post automatically. False (default): ask first.' }),
  }),
});

const SchedulePayload = builder.objectRef<{ schedule: Schedule }>('SchedulePayload').implement({
  description: 'The schedule after the change, and the signed-in user (balances moved by what was posted).',
  interfaces: [MutationPayload],
  fields: (t) => ({ schedule: t.field({ type: ScheduleRef, description: 'The schedule.', resolve: (p) => p.schedule }) }),
});

const OccurrenceInput = builder.inputType('ScheduleOccurrenceInput', {
  description: 'One occurrence of a schedule, for postScheduleOccurrence and skipScheduleOccurrence.',
  fields: (t) => ({
    id: t.globalID({ for: ScheduleRef, description: 'The schedule.' }),
    date: t.field({ type: 'Date', description: 'One of its dates, neither posted nor skipped.' }),
    amount: t.field({ type: 'Money', required: false, description: 'Post only: another amount for this occurrence alone.' }),
  }),
});

const refId = (ref: { id: string } | null | undefined) => (ref === undefined ? undefined : (ref?.id ?? null));

builder.mutationFields((t) => ({
  addSchedule: t.field({
    type: SchedulePayload,
    description: 'Adds a schedule; one that posts automatically posts what is already due at once.',
    args: { input: t.arg({ type: AddScheduleInput }) },
    resolve: async (_root, { input }, ctx) => ({
      schedule: await addSchedule(ctx.viewer, {
        ...input,
        categoryId: refId(input.categoryId),
        accountId: input.accountId.id,
        toAccountId: refId(input.toAccountId),
        autoPost: input.autoPost ?? false,
      }),
    }),
  }),
  postScheduleOccurrence: t.field({
    type: SchedulePayload,
    description: 'Posts one occurrence (Post on the Dashboard); the rest of the schedule stays.',
    args: { input: t.arg({ type: OccurrenceInput }) },
    resolve: async (_root, { input: { id, ...rest } }, ctx) => ({ schedule: await postOccurrence(ctx.viewer, id.id, rest) }),
  }),
  skipScheduleOccurrence: t.field({
    type: SchedulePayload,
    description: 'Skips one occurrence (Skip on the Dashboard); the rest of the schedule stays.',
    args: { input: t.arg({ type: OccurrenceInput }) },
    resolve: async (_root, { input: { id, ...rest } }, ctx) => ({ schedule: await skipOccurrence(ctx.viewer, id.id, rest) }),
  }),
}));

deleteMutation('deleteSchedule', {
  node: ScheduleRef,
  description: 'Deletes a schedule; the records it posted stay.',
  remove: deleteSchedule,
});

updateMutation('updateSchedule', {
  node: ScheduleRef,
  field: 'schedule',
  description: 'Changes a schedule; what was posted or skipped stays.',
  fields: (t) => ({
    kind: t.field({ type: ScheduleKind, required: false }),
    amount: t.field({ type: 'Money', required: false }),
    payee: t.string({ required: false }),
    categoryId: t.globalID({ for: BudgetCategoryRef, required: false, description: 'null for none.' }),
    accountId: t.globalID({ for: AccountRef, required: false }),
    toAccountId: t.globalID({ for: AccountRef, required: false }),
    frequency: t.field({ type: ScheduleFrequency, required: false }),
    interval: t.int({ required: false }),
    dayOfMonth: t.int({ required: false }),
    days: t.intList({ required: false }),
    startDate: t.field({ type: 'Date', required: false }),
    endDate: t.field({ type: 'Date', required: false, description: 'null for none.' }),
    occurrences: t.int({ required: false, description: 'null for none.' }),
    autoPost: t.boolean({ required: false }),
  }),
  update: (viewer, id, { categoryId, accountId, toAccountId, ...changes }) =>
    updateSchedule(viewer, id, {
      ...changes,
      categoryId: refId(categoryId),
      accountId: accountId === null ? null : accountId?.id,
      toAccountId: refId(toAccountId),
    }),
});
