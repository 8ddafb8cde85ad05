import { z } from 'zod';
// One module each: the package's index loads all of date-fns into the server's heap.
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';

/**
 * The validation rules and messages that the server enforces and the web app's forms show before
 * sending: one home for each, imported by both (see docs/architecture.md, "Shared module").
 */

export const AMOUNT_MESSAGE = 'Amount must be a valid number';
export const BALANCE_MESSAGE = 'Balance must be a valid number';
export const DATE_MESSAGE = 'Date must be a valid date (YYYY-MM-DD)';
export const ACCOUNT_ID_MESSAGE = 'Account must be an account id';
/** What the database's money columns refuse: the server's answer to a sum past them, and the forms' to 11 digits or more. */
export const TOO_LARGE_MESSAGE = 'The amount is too large: money values have at most 10 digits before the decimal point';

// Money is Decimal(12,2): at most 10 digits before the point and 2 after.
const UNSIGNED = /^\d{1,10}(\.\d{1,2})?$/;
const SIGNED = /^-?\d{1,10}(\.\d{1,2})?$/;

/**
 * A non-negative amount: digits, an optional decimal part of one or two digits, no sign. Kept a
 * string. A value that is not one stops there (`abort`): no later rule or refinement, such as a
 * filter's min ≤ max, ever reads it as an amount.
 */
export const amountSchema = z.string({ message: AMOUNT_MESSAGE }).trim().regex(UNSIGNED, { message: AMOUNT_MESSAGE, abort: true });

export const POSITIVE_AMOUNT_MESSAGE = 'Amount must be greater than 0';

/**
 * An amount of money that moved (an expense, a paycheck, a payment, a contribution, a transfer):
 * zero moves nothing and is refused. Only a well-formed amount gets this message; anything else
 * keeps the amount's own.
 */
export const positiveAmountSchema = amountSchema.refine((value) => !UNSIGNED.test(value) || /[1-9]/.test(value), POSITIVE_AMOUNT_MESSAGE);

/** A valid amount or balance as whole cents, to compare amounts exactly ("12.5" is 1250n). */
export function centsOf(value: string): bigint {
  const [whole = '0', fraction = ''] = value.trim().replace(/^-/, '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  return value.trim().startsWith('-') ? -cents : cents;
}

/** The amount message when `value` is not a valid amount (for inputs checked one at a time). */
export function amountError(value: string): string | undefined {
  return amountSchema.safeParse(value).success ? undefined : AMOUNT_MESSAGE;
}

/** An account balance: the same form, and it may be negative. */
export const balanceSchema = z.string({ message: BALANCE_MESSAGE }).trim().regex(SIGNED, { message: BALANCE_MESSAGE, abort: true });

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/;

/** Parses "2026-11-22" (or an ISO timestamp: its written calendar date counts) to that day's UTC midnight. */
export function parseCalendarDate(value: string): Date | undefined {
  const m = DATE_PREFIX.exec(value.trim());
  if (!m) return undefined;
  if (value.length > 10 && !isValid(parseISO(value))) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1900 && year <= 9999 ? date : undefined;
}

/**
 * A calendar date ("YYYY-MM-DD"; JSON has no date type), normalised to the ISO timestamp of that
 * day's UTC midnight, which the database stores as it is. Idempotent.
 */
export const calendarDateSchema = z.string({ message: DATE_MESSAGE }).transform((value, ctx) => {
  const date = parseCalendarDate(value);
  if (!date) {
    ctx.addIssue({ code: 'custom', message: DATE_MESSAGE });
    return z.NEVER;
  }
  return date.toISOString();
});

/**
 * An optional field: blank text, null and a missing key all mean "not given" (undefined), as a
 * form's empty field does; anything else must pass `schema`.
 */
export function optional<S extends z.ZodType>(schema: S) {
  const blankAsMissing = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);
  // Typed by what it accepts, not as the `unknown` a preprocess step takes.
  return z.preprocess(blankAsMissing, schema.optional()) as unknown as z.ZodOptional<z.ZodType<z.output<S>, z.input<S> | null>>;
}

/** A required name of at most `max` characters, trimmed. */
export function nameSchema(max: number) {
  return z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(max, `Name must be at most ${max} characters`);
}

/** Optional free text; blank means none. */
export const notesSchema = optional(z.string({ message: 'Notes must be text' }).max(10_000, 'Notes must be at most 10000 characters'));

/**
 * A yes/no field as the spec's REST shape writes it: 0 or 1. The services read it into the boolean
 * the database keeps (`isSet` in api/lib/flags.ts).
 */
export const flagSchema = (field: string) => z.union([z.literal(0), z.literal(1)], { message: `${field} must be 0 or 1` });
