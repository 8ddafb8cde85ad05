import { z } from 'zod';

/**
 * What a refused input says beside each of its fields: the first message of each field
 * (`z.flattenError` groups the issues by their first path element), keyed by the field's name. For
 * a screen that shows one message per field of a URL or a form; the API's answers keep every
 * issue with its whole path instead (api/lib/validate.ts).
 */
export function fieldErrors<T>(error: z.ZodError<T>): Partial<Record<Extract<keyof T, string>, string>> {
  const byField: Partial<Record<PropertyKey, string[]>> = z.flattenError(error).fieldErrors;
  return Object.fromEntries(Object.entries(byField).map(([field, messages]) => [field, messages?.[0]])) as Partial<
    Record<Extract<keyof T, string>, string>
  >;
}
