import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import type { z } from 'zod';
import { serverErrorsOf, useFormDialog, type DialogOptions } from '../lib/forms.ts';
import { useMutationAction, type ActionOptions } from './use-mutation-action.ts';

/**
 * What a dialog's submit sends: the mutation's variables, its toasts and store updates. The
 * server's field errors go beside the form's fields unless `onFieldErrors` says otherwise (a
 * dialog that asks for the password when the server wants it).
 */
export type FormSend<M extends MutationParameters> = { variables: M['variables'] } & Omit<ActionOptions<M['response']>, 'onDone'>;

/**
 * An add-or-edit dialog from form to saved record: its form and open state (useFormDialog), its
 * mutation (useMutationAction), and its submit, which checks the form with the shared schema,
 * sends `send(values)`, closes the dialog once it is saved, then calls `onSaved`. `frame` is what
 * `FormDialog` takes of it (`<FormDialog {...dialog.frame} title=…>`).
 *
 * `mutation` is fixed for the dialog's life: an Add dialog's create, an Edit dialog's update (one
 * component for both is mounted as one or the other, and gives `M` as the union of the two).
 */
export function useFormMutation<S extends z.ZodType<unknown, FieldValues>, M extends MutationParameters>(
  schema: S,
  empty: DefaultValues<z.input<S>>,
  options: DialogOptions<S> & {
    mutation: GraphQLTaggedNode;
    send(values: z.input<S>): FormSend<M>;
    onSaved?(response: M['response']): void;
  },
) {
  const dialog = useFormDialog(schema, empty, options);
  const { form, setOpen } = dialog;
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
  return { ...dialog, frame: { open: dialog.open, onOpenChange: setOpen, onSubmit, saving } };
}
