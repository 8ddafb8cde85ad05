/** SPEC §5 checks on the client, with the server's messages (the server re-checks everything). */
export const AMOUNT_MESSAGE = 'Amount must be a valid number';
export const BALANCE_MESSAGE = 'Balance must be a valid number';
export const DATE_MESSAGE = 'Date must be a valid date (YYYY-MM-DD)';

const UNSIGNED = /^\d{1,10}(\.\d{1,2})?$/;
const SIGNED = /^-?\d{1,10}(\.\d{1,2})?$/;

export function checkAmount(value: string): string | undefined {
  return UNSIGNED.test(value.trim()) ? undefined : AMOUNT_MESSAGE;
}

export function checkBalance(value: string): string | undefined {
  return value.trim() === '' || SIGNED.test(value.trim()) ? undefined : BALANCE_MESSAGE;
}

/** A date field's value: the browser's date input gives "YYYY-MM-DD", or "" when empty or incomplete. */
export function checkDate(value: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? undefined : DATE_MESSAGE;
}

export function checkRequired(value: string, message: string, max?: number, maxMessage?: string): string | undefined {
  if (!value.trim()) return message;
  if (max && value.trim().length > max) return maxMessage ?? `At most ${max} characters`;
  return undefined;
}

/** The errors of a form; a form submits only when this is empty. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function hasErrors(errors: FieldErrors<string>) {
  return Object.values(errors).some(Boolean);
}
