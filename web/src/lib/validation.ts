/** SPEC §5 checks on the client, with the server's messages (the server re-checks everything). */
export const AMOUNT_MESSAGE = 'Amount must be a valid number';
export const BALANCE_MESSAGE = 'Balance must be a valid number';

const UNSIGNED = /^\d{1,10}(\.\d{1,2})?$/;
const SIGNED = /^-?\d{1,10}(\.\d{1,2})?$/;

export function checkAmount(value: string): string | undefined {
  return UNSIGNED.test(value.trim()) ? undefined : AMOUNT_MESSAGE;
}

export function checkBalance(value: string): string | undefined {
  return value.trim() === '' || SIGNED.test(value.trim()) ? undefined : BALANCE_MESSAGE;
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
