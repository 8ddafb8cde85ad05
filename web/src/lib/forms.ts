import { useState } from 'react';
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

/**
 * Open state and form of an add-or-edit dialog. `values` are the record's current values when
 * editing (the form starts from them each time the dialog opens) or undefined when adding (the
 * form starts from `empty`). The dialog is controlled when `open`/`onOpenChange` are given (a
 * row opens its own edit dialog), else it keeps its own state (an Add button's trigger).
 */
export function useFormDialog<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  empty: DefaultValues<z.input<S>>,
  options: { values?: DefaultValues<z.input<S>>; open?: boolean; onOpenChange?(open: boolean): void } = {},
) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = options.open ?? ownOpen;
  const form = useSchemaForm(schema, options.values ?? empty);
  const setOpen = (next: boolean) => {
    if (next) form.reset(options.values ?? empty);
    (options.onOpenChange ?? setOwnOpen)(next);
  };
  return { open, setOpen, form, editing: options.values !== undefined };
}
