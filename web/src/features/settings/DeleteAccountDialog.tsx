import { graphql } from 'react-relay';
import type { DeleteAccountDialogMutation } from '../../__generated__/DeleteAccountDialogMutation.graphql.ts';
import { deleteAccountInput } from '../../../../shared/inputs/settings.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Input } from '../../components/Form.tsx';
import { serverErrorsOf, useSchemaForm } from '../../lib/forms.ts';
import { FAILURE } from '../../lib/messages.ts';
import { ConfirmIdentity, useConfirmIdentity } from './ConfirmIdentity.tsx';

/**
 * Delete my account, confirmed by typing the email (or DELETE without one), and the current
 * password when the server asks for it; then the landing page, loaded afresh (the session is gone).
 */
export function DeleteAccountDialog({ email, onClose }: { email: string | null; onClose(): void }) {
  const expected = email ?? 'DELETE';
  const form = useSchemaForm(deleteAccountInput, { confirmation: '', password: '' });
  const { errors } = form.formState;
  const confirm = useConfirmIdentity(serverErrorsOf(form));
  const [remove, removing] = useMutationAction<DeleteAccountDialogMutation>(graphql`
    mutation DeleteAccountDialogMutation($input: DeleteMyAccountInput!) {
      deleteMyAccount(input: $input) {
        deletedUserId
      }
    }
  `);
  const submit = form.handleSubmit(({ confirmation, password }) =>
    remove(
      { input: { confirmation, password: password || null } },
      { failure: FAILURE.deleteMyAccount, onFieldErrors: confirm.onFieldErrors, onDone: () => window.location.assign('/') },
    ),
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
      <ConfirmIdentity asked={confirm.asked} password={form.register('password')} error={errors.password?.message} />
    </FormDialog>
  );
}
