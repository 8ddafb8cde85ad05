import { graphql } from 'react-relay';
import type { DeleteAccountDialogMutation } from '../../__generated__/DeleteAccountDialogMutation.graphql.ts';
import { deleteAccountInput } from '../../../../shared/inputs/settings.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Input } from '../../components/Form.tsx';
import { serverErrorsOf, useSchemaForm } from '../../lib/forms.ts';
import { FAILURE } from '../../lib/messages.ts';

/**
 * Delete my account, confirmed by typing the email (or DELETE without one); then the landing page,
 * loaded afresh (the session is gone).
 */
export function DeleteAccountDialog({ email, onClose }: { email: string | null; onClose(): void }) {
  const expected = email ?? 'DELETE';
  const form = useSchemaForm(deleteAccountInput, { confirmation: '' });
  const { errors } = form.formState;
  const [remove, removing] = useMutationAction<DeleteAccountDialogMutation>(graphql`
    mutation DeleteAccountDialogMutation($input: DeleteMyAccountInput!) {
      deleteMyAccount(input: $input) {
        deletedUserId
      }
    }
  `);
  const submit = form.handleSubmit((input) =>
    remove({ input }, { failure: FAILURE.deleteMyAccount, onFieldErrors: serverErrorsOf(form), onDone: () => window.location.assign('/') }),
  );
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete your account?"
      description="Every account, paycheck, category, transaction, bill, goal, session and API token of yours is deleted at once. This cannot be undone: export your data first if you want to keep it."
      onSubmit={submit}
      submitLabel="Delete My Account"
      savingLabel="Deleting…"
      saving={removing}
    >
      <Field label={`Type ${expected} to confirm`} error={errors.confirmation?.message}>
        <Input {...form.register('confirmation')} autoComplete="off" autoFocus />
      </Field>
    </FormDialog>
  );
}
