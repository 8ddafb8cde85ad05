import { z } from 'zod';
import { clearable, updateInput } from '../updates.ts';
import { ACCOUNT_ID_MESSAGE, calendarDateSchema, optional, positiveAmountSchema } from '../validation.ts';

/** What a schedule posts (docs/product.md#schedules). */
export const SCHEDULE_KINDS = ['expense', 'paycheck', 'transfer'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];
export const SCHEDULE_KIND_LABELS: Record<ScheduleKind, string> = { expense: 'Expense', paycheck: 'Paycheck', transfer: 'Transfer' };

export const SCHEDULE_FREQUENCIES = ['weekly', 'biweekly', 'semimonthly', 'monthly', 'yearly', 'every_n_days'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];
export const SCHEDULE_FREQUENCY_LABELS: Record<ScheduleFrequency, string> = {
  weekly: 'Weekly',
  biweekly: 'Every two weeks',
  semimonthly: 'Twice a month',
  monthly: 'Monthly',
  yearly: 'Yearly',
  every_n_days: 'Every N days',
};

export const KIND_MESSAGE = 'Kind must be one of: expense, paycheck, transfer';
export const FREQUENCY_MESSAGE = 'Frequency must be one of: weekly, biweekly, semimonthly, monthly, yearly, every_n_days';
export const INTERVAL_MESSAGE = 'Interval must be a whole number of days from 1 to 366';
export const DAY_OF_MONTH_MESSAGE = 'Day of month must be a whole number from 1 to 31 (31 = the last day)';
export const DAYS_MESSAGE = 'Days must be two different days of the month from 1 to 31, e.g. [1, 15]';
export const OCCURRENCES_MESSAGE = 'Occurrences must be a whole number from 1 to 1000';
export const END_MESSAGE = 'Give an end date or a number of times, not both';
export const END_BEFORE_START_MESSAGE = 'End date must be on or after the start date';
export const TO_ACCOUNT_MESSAGE = 'Choose the account the money goes to';
export const TWO_ACCOUNTS_MESSAGE = 'Choose two different accounts';

const whole = (message: string, min: number, max: number) => z.number({ message }).int(message).min(min, message).max(max, message);
const dayOfMonth = whole(DAY_OF_MONTH_MESSAGE, 1, 31);

const fields = {
  kind: z.enum(SCHEDULE_KINDS, { message: KIND_MESSAGE }),
  amount: positiveAmountSchema,
  payee: z.string({ message: 'Payee is required' }).trim().min(1, 'Payee is required').max(200, 'Payee must be at most 200 characters'),
  categoryId: optional(z.string({ message: 'Category must be a category id' })),
  accountId: z.string({ message: ACCOUNT_ID_MESSAGE }).trim().min(1, 'Account is required'),
  toAccountId: optional(z.string({ message: ACCOUNT_ID_MESSAGE })),
  frequency: z.enum(SCHEDULE_FREQUENCIES, { message: FREQUENCY_MESSAGE }),
  interval: optional(whole(INTERVAL_MESSAGE, 1, 366)),
  dayOfMonth: optional(dayOfMonth),
  days: optional(z.array(dayOfMonth, { message: DAYS_MESSAGE }).length(2, DAYS_MESSAGE)),
  startDate: calendarDateSchema,
  endDate: optional(calendarDateSchema),
  occurrences: optional(whole(OCCURRENCES_MESSAGE, 1, 1000)),
  autoPost: z.boolean({ message: 'autoPost must be true or false' }).default(false),
};

type ScheduleShape = {
  kind: ScheduleKind;
  frequency: ScheduleFrequency;
  accountId: string;
  toAccountId?: string | null;
  interval?: number | null;
  days?: number[] | null;
  startDate: string;
  endDate?: string | null;
  occurrences?: number | null;
};

/** The rules between fields, the same for a new schedule and for one after an edit. */
function checkSchedule(s: ScheduleShape, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (s.frequency === 'every_n_days' && s.interval == null) issue('interval', INTERVAL_MESSAGE);
  if (s.frequency === 'semimonthly' && (s.days == null || s.days[0] === s.days[1])) issue('days', DAYS_MESSAGE);
  if (s.endDate != null && s.occurrences != null) issue('occurrences', END_MESSAGE);
  if (s.endDate != null && s.endDate < s.startDate) issue('endDate', END_BEFORE_START_MESSAGE);
  if (s.kind === 'transfer' && !s.toAccountId) issue('toAccountId', TO_ACCOUNT_MESSAGE);
  if (s.kind === 'transfer' && s.toAccountId === s.accountId) issue('toAccountId', TWO_ACCOUNTS_MESSAGE);
}

/** A new schedule (docs/product.md#schedules): the issue's REST shape, strict. */
export const addScheduleInput = z.object(fields).strict().superRefine(checkSchedule);
export type ScheduleInput = z.output<typeof addScheduleInput>;

/** An edit: any subset of the fields; the service checks the schedule it ends with by `addScheduleInput`'s rules. */
export const updateScheduleInput = updateInput({
  ...fields,
  autoPost: fields.autoPost.unwrap(),
  categoryId: clearable(fields.categoryId),
  toAccountId: clearable(fields.toAccountId),
  interval: clearable(fields.interval),
  dayOfMonth: clearable(fields.dayOfMonth),
  days: clearable(fields.days),
  endDate: clearable(fields.endDate),
  occurrences: clearable(fields.occurrences),
});

/** Post or skip one occurrence: its date, and for a post an amount other than the schedule's (editing that one occurrence). */
export const scheduleOccurrenceInput = z.object({ date: calendarDateSchema, amount: optional(positiveAmountSchema) }).strict();

export const MAX_UPCOMING_DAYS = 366;
const daysQuery = (fallback: number, max: number) =>
  z.coerce
    .number({ message: `days must be a whole number from 1 to ${max}` })
    .int(`days must be a whole number from 1 to ${max}`)
    .min(1, `days must be a whole number from 1 to ${max}`)
    .max(max, `days must be a whole number from 1 to ${max}`)
    .default(fallback);

/** GET /api/schedules/upcoming?days=30 */
export const upcomingQuery = z.object({ days: daysQuery(30, MAX_UPCOMING_DAYS) });

/** GET /api/forecast?days=90&accountId= */
export const forecastQuery = z.object({
  days: daysQuery(90, MAX_UPCOMING_DAYS),
  accountId: optional(z.string({ message: ACCOUNT_ID_MESSAGE })),
});
