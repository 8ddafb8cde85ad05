import { z } from 'zod';
import { balanceSchema, calendarDateSchema, optional } from '../validation.ts';

/**
 * Where a record stands against the bank (docs/product.md#reconcile): not yet seen by the bank,
 * cleared by it, or matched to a statement by a reconciliation.
 */
export const ACTIVITY_STATUSES = ['uncleared', 'cleared', 'reconciled'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
export const ACTIVITY_STATUS_LABELS: Record<ActivityStatus, string> = {
  uncleared: 'Uncleared',
  cleared: 'Cleared',
  reconciled: 'Reconciled',
};

export const STATUS_MESSAGE = 'Status must be one of: uncleared, cleared, reconciled';
/** The `status` of a transaction, paycheck or transfer write: optional, "uncleared" when a record is added without it. */
export const statusSchema = z.enum(ACTIVITY_STATUSES, { message: STATUS_MESSAGE });

/** Reconcile an account against a statement: its ending balance and date; `adjust` records the difference. */
export const reconcileInput = z.strictObject({
  statementBalance: balanceSchema,
  statementDate: calendarDateSchema,
  adjust: z.boolean({ message: 'adjust must be true or false' }).optional(),
});
export type ReconcileInput = z.input<typeof reconcileInput>;

/** One row of an account's activity changes status (a click toggles cleared). */
export const ACTIVITY_ROW_KINDS = ['expense', 'refund', 'paycheck', 'transfer_in', 'transfer_out'] as const;
export const activityStatusInput = z.strictObject({
  kind: z.enum(ACTIVITY_ROW_KINDS, { message: 'kind must be one of: expense, refund, paycheck, transfer_in, transfer_out' }),
  id: z.string({ message: 'id must be the record’s id' }).trim().min(1, 'id must be the record’s id'),
  status: statusSchema,
});

export const MAX_NET_WORTH_MONTHS = 120;
const MONTHS_MESSAGE = `months must be a whole number from 1 to ${MAX_NET_WORTH_MONTHS}`;
/** How many calendar months of net worth history, ending with the current one. */
export const netWorthHistoryInput = z.object({
  months: z.coerce
    .number({ message: MONTHS_MESSAGE })
    .int(MONTHS_MESSAGE)
    .min(1, MONTHS_MESSAGE)
    .max(MAX_NET_WORTH_MONTHS, MONTHS_MESSAGE)
    .optional()
    .meta({ description: `How many calendar months, ending with the current one (1–${MAX_NET_WORTH_MONTHS}, default 24)` }),
});

/** Moving an account's starting point (the account page's dialog): a day, and its balance on that day or none to keep today's balance. */
export const startingPointInput = z.strictObject({
  startingDate: calendarDateSchema,
  startingBalance: optional(balanceSchema),
});
