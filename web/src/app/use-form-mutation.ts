import { useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import type { z } from 'zod';
import { serverErrorsOf, useSchemaForm } from '../lib/forms.ts';
import { useMutationAction, type ActionOptions } from './use-mutation-action.ts';

/**
 * What a dialog's submit sends: the mutation's variables, its toasts and store updates. The
 * server's field errors go beside the form's fields unless `onFieldErrors` says otherwise (a
 * dialog that asks for the password when the server wants it).
 */
export type FormSend<M extends MutationParameters> = { variables: M['variables'] } & Omit<ActionOptions<M['response']>, 'onDone'>;

/**
 * A form dialog from its fields to the saved record, the one way every add, edit and confirm
 * dialog works:
 * - its form (useSchemaForm: the shared schema's rules and messages) starts from `values`, the
 *   record's current values when editing (again each time the dialog opens), else from `empty`;
 * - it is controlled when `open`/`onOpenChange` are given (a row opens its own edit dialog), open
 *   for as long as it is mounted when `onClose` is given (its parent mounts it to ask), else it
 *   keeps its own state (an Add button's trigger);
 * - its submit checks the form, sends `send(values)` through `mutation` (useMutationAction: one
 *   flight at a time, the toasts, the server's field errors beside the fields), closes the dialog
 *   once saved, then calls `onSaved`.
 * `frame` is what `FormDialog` takes of it: `<FormDialog {...dialog.frame} title=…>`.
 *
 * `mutation` is fixed for the dialog's life: an Add dialog's create, an Edit dialog's update (a
 * component that is either gives `M` as the union of the two).
 */
export function useFormMutation<S extends z.ZodType<unknown, FieldValues>, M extends MutationParameters>(
  schema: S,
  empty: DefaultValues<z.input<S>>,
  options: {
    values?: DefaultValues<z.input<S>>;
    open?: boolean;
    onOpenChange?(open: boolean): void;
    onClose?(): void;
    mutation: GraphQLTaggedNode;
    send(values: z.input<S>): FormSend<M>;
    onSaved?(response: M['response']): void;
  },
) {
  const [ownOpen, setOwnOpen] = useState(false);
  const { onClose } = options;
  const open = onClose ? true : (options.open ?? ownOpen);
  const form = useSchemaForm(schema, options.values ?? empty);
  const setOpen = (next: boolean) => {
    if (next) form.reset(options.values ?? empty);
    if (onClose) return void (next || onClose());
    (options.onOpenChange ?? setOwnOpen)(next);
  };
  const [run, saving] = useMutationAction<M>(options.mutation);
  const onSubmit = form.handleSubmit((values) => {
    const { variables, ...action } = options.send(values);
    run(variables, {
      onFieldErrors: serverErrorsOf(form),
      ...action,
      onDone: (response) => {
        setOpen(false);
        options.onSaved?.(response);
      },
    });
  });
  return { form, editing: options.values !== undefined, frame: { open, onOpenChange: setOpen, onSubmit, saving } };
}
