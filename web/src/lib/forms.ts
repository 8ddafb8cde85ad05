import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { AMOUNT_MESSAGE, BALANCE_MESSAGE, TOO_LARGE_MESSAGE, amountError } from '../../../shared/validation.ts';
import { typedAmount } from './money.ts';

/**
 * The one form approach of the app: react-hook-form, validated by the same zod schema the server
 * validates with (shared/inputs), so every message is the server's. Fields are checked on
 * submit, then again as they change: an error goes away as soon as its field is fixed. The
 * values stay as typed (`raw`): the server trims and normalises them.
 */
export function useSchemaForm<S extends z.ZodType<unknown, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  return useForm<z.input<S>>({
    resolver: sayingTooLarge(zodResolver(schema, undefined, { raw: true })),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/** A money field's registration (`form.register('amount', MONEY_FIELD)`): the rules and the server get the amount without the thousands separators typed. */
export const MONEY_FIELD = { setValueAs: (value: unknown) => (typeof value === 'string' ? typedAmount(value) : value) };

/** Digits enough for an amount, but more of them than money columns hold (Decimal(12,2): 10 before the point). */
const TOO_MANY_DIGITS = /^\s*-?\d{11,}(\.\d{1,2})?\s*$/;

/**
 * The shared rules call any amount they refuse "not a valid number" (the spec's message, which the
 * server keeps); the person who typed eleven digits or more is told what is wrong instead.
 */
function tooLargeOr(message: string, value: unknown) {
  const money = message === AMOUNT_MESSAGE || message === BALANCE_MESSAGE;
  return money && typeof value === 'string' && TOO_MANY_DIGITS.test(value) ? TOO_LARGE_MESSAGE : message;
}

/** A form's resolver whose money messages say "too large" where that is what is wrong. */
function sayingTooLarge<T extends FieldValues>(resolve: Resolver<T>): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const [field, error] of Object.entries(result.errors))
      if (typeof error?.message === 'string') error.message = tooLargeOr(error.message, values[field]);
    return result;
  };
}

/** What is wrong with an amount typed outside a form (a Budget row's), as a form says it; undefined when nothing. */
export function typedAmountError(value: string): string | undefined {
  const amount = typedAmount(value);
  const error = amountError(amount);
  return error && tooLargeOr(error, amount);
}

/** Shows the server's field errors (as useMutationAction reports them) beside the form's fields. */
export function serverErrorsOf<T extends FieldValues>(form: UseFormReturn<T>) {
  return (errors: Record<string, string>) => {
    for (const [field, message] of Object.entries(errors)) form.setError(field as Path<T>, { type: 'server', message });
  };
}

/** An optional choice: "" (nothing chosen) is sent as null. */
export function orNull<T extends string>(value: T | '' | null | undefined): T | null {
  return value ? value : null;
}
