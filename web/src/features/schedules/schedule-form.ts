import { z } from 'zod';
import {
  addScheduleInput,
  SCHEDULE_FREQUENCIES,
  SCHEDULE_KINDS,
  type ScheduleFrequency,
  type ScheduleKind,
} from '../../../../shared/inputs/schedules.ts';
import { todayString } from '../../lib/dates.ts';

/**
 * Add Schedule's and Edit Schedule's form: text fields as typed, turned into the API's input by
 * `toInput` and checked by the server's own schema (`addScheduleInput`), so the form shows the
 * server's messages beside the same fields (the two days of "twice a month" are `days`).
 */
const values = z.object({
  kind: z.enum(SCHEDULE_KINDS),
  amount: z.string(),
  payee: z.string(),
  categoryId: z.string(),
  accountId: z.string(),
  toAccountId: z.string(),
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  interval: z.string(),
  dayOfMonth: z.string(),
  day1: z.string(),
  day2: z.string(),
  startDate: z.string(),
  ending: z.enum(['never', 'date', 'count']),
  endDate: z.string(),
  occurrences: z.string(),
  autoPost: z.boolean(),
});
export type ScheduleValues = z.input<typeof values>;

const whole = (s: string) => (s.trim() === '' ? null : Number(s));

/** The API's input for the form's values: fields the kind or frequency does not use are left out. */
export function toInput(v: ScheduleValues) {
  return {
    kind: v.kind,
    amount: v.amount,
    payee: v.payee,
    categoryId: v.kind === 'expense' ? v.categoryId || null : null,
    accountId: v.accountId,
    toAccountId: v.kind === 'transfer' ? v.toAccountId || null : null,
    frequency: v.frequency,
    interval: v.frequency === 'every_n_days' ? whole(v.interval) : null,
    dayOfMonth: v.frequency === 'monthly' ? whole(v.dayOfMonth) : null,
    days: v.frequency === 'semimonthly' ? [Number(v.day1), Number(v.day2)] : null,
    startDate: v.startDate,
    endDate: v.ending === 'date' ? v.endDate : null,
    occurrences: v.ending === 'count' ? whole(v.occurrences) : null,
    autoPost: v.autoPost,
  };
}

/** The form field a server path names. */
export const fieldOf = (path: string) => (path.startsWith('days') ? 'day1' : path);

export const scheduleForm = values.superRefine((v, ctx) => {
  const result = addScheduleInput.safeParse(toInput(v));
  if (result.success) return;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', path: [fieldOf(String(issue.path[0] ?? 'form'))], message: issue.message });
  }
});

/** A new schedule: an expense from the default account, monthly from today, asking first. */
export function emptySchedule(accountId: string): ScheduleValues {
  const startDate = todayString();
  return {
    kind: 'expense' satisfies ScheduleKind,
    amount: '',
    payee: '',
    categoryId: '',
    accountId,
    toAccountId: '',
    frequency: 'monthly' satisfies ScheduleFrequency,
    interval: '30',
    dayOfMonth: String(Number(startDate.slice(8, 10))),
    day1: '1',
    day2: '15',
    startDate,
    ending: 'never',
    endDate: '',
    occurrences: '',
    autoPost: false,
  };
}
