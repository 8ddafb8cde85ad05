import type { z } from 'zod';
import { ValidationError } from './errors.ts';

/** Parses input with a module's zod schema; a failure becomes a ValidationError with every issue. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw toValidationError(result.error);
  return result.data;
}

export function toValidationError(error: z.ZodError) {
  return new ValidationError(error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })));
}
