import { z } from 'zod';
import { ACCOUNT_ID_MESSAGE, calendarDateSchema, optional } from '../validation.ts';

/**
 * Which days a report, its exports and its trend cover beyond the spec's "ending today" windows
 * (docs/product.md#reports): an `offset` of whole periods back, or a custom `from`–`to` range, and
 * one `accountId`. The same fields are REST query parameters, GraphQL arguments and the Reports
 * screen's URL.
 */
export const MIN_OFFSET = -1000;
export const MAX_CUSTOM_YEARS = 10;
export const MAX_TREND_MONTHS = 60;

export const OFFSET_MESSAGE = `offset must be a whole number from ${MIN_OFFSET} to 0 (0 is the period ending today)`;
export const BOTH_DATES_MESSAGE = 'Choose both a start and an end date';
export const DATE_ORDER_MESSAGE = 'The end date must be on or after the start date';
export const RANGE_LENGTH_MESSAGE = `A custom range can cover at most ${MAX_CUSTOM_YEARS} years`;
export const OFFSET_AND_RANGE_MESSAGE = 'Give either an offset or a from/to range, not both';
export const MONTHS_MESSAGE = `months must be a whole number from 1 to ${MAX_TREND_MONTHS}`;

const offset = z.coerce.number({ message: OFFSET_MESSAGE }).int(OFFSET_MESSAGE).min(MIN_OFFSET, OFFSET_MESSAGE).max(0, OFFSET_MESSAGE);

export const reportWindowFields = {
  offset: optional(offset).meta({ description: 'Whole periods back: 0 (the default) ends today, -1 is the period before, …' }),
  from: optional(calendarDateSchema).meta({ description: 'A custom range: its first day (YYYY-MM-DD), with `to`' }),
  to: optional(calendarDateSchema).meta({ description: 'A custom range: its last day (YYYY-MM-DD), with `from`' }),
  accountId: optional(z.string({ message: ACCOUNT_ID_MESSAGE })).meta({
    description: 'Only this account’s paychecks and transactions (404 when it is not one of yours)',
  }),
};

/** Whether `to` (a calendar day's ISO timestamp) is within MAX_CUSTOM_YEARS of `from`: before the same day that many years on. */
function withinYears(from: string, to: string) {
  const f = new Date(from);
  const limit = new Date(Date.UTC(f.getUTCFullYear() + MAX_CUSTOM_YEARS, f.getUTCMonth(), f.getUTCDate()));
  return new Date(to) < limit;
}

export function checkWindow(w: { offset?: number; from?: string; to?: string }, ctx: z.RefinementCtx) {
  if ((w.from === undefined) !== (w.to === undefined))
    ctx.addIssue({ code: 'custom', path: [w.from === undefined ? 'from' : 'to'], message: BOTH_DATES_MESSAGE });
  else if (w.from !== undefined && w.to !== undefined) {
    if (w.offset !== undefined) ctx.addIssue({ code: 'custom', path: ['offset'], message: OFFSET_AND_RANGE_MESSAGE });
    if (w.from > w.to) ctx.addIssue({ code: 'custom', path: ['to'], message: DATE_ORDER_MESSAGE });
    else if (!withinYears(w.from, w.to)) ctx.addIssue({ code: 'custom', path: ['to'], message: RANGE_LENGTH_MESSAGE });
  }
}

/** A report's window and account, as REST query parameters, GraphQL arguments and the screen's URL give them. */
export const reportWindowInput = z.object(reportWindowFields).superRefine(checkWindow);
export type ReportWindowInput = z.input<typeof reportWindowInput>;

export const trendInput = z.object({
  months: optional(
    z.coerce.number({ message: MONTHS_MESSAGE }).int(MONTHS_MESSAGE).min(1, MONTHS_MESSAGE).max(MAX_TREND_MONTHS, MONTHS_MESSAGE),
  ).meta({ description: `How many calendar months, ending with the current one (1–${MAX_TREND_MONTHS}, default 12)` }),
  accountId: reportWindowFields.accountId,
});
