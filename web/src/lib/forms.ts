import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The one form approach of the app: react-hook-form, validated by the same zod schema the server
 * validates with (shared/inputs), so every message is the server's. Fields are checked on
 * submit, then again as they change: an error goes away as soon as its field is fixed. The
 * values stay as typed (`raw`): the server trims and normalises them.
 */
export function useSchemaForm<S extends z.ZodType<unknown, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  return useForm<z.input<S>>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
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
