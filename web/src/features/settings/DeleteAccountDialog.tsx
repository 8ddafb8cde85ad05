import { graphql } from 'react-relay';
import type { DeleteAccountDialogMutation } from '../../__generated__/DeleteAccountDialogMutation.graphql.ts';
import { deleteAccountInput } from '../../../../shared/inputs/settings.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Input } from '../../components/Form.tsx';
import { serverErrorsOf } from '../../lib/forms.ts';
import { FAILURE } from '../../lib/messages.ts';
import { ConfirmIdentity, useConfirmIdentity } from './ConfirmIdentity.tsx';
import { namesList } from '../../lib/names-list.ts';
import styled from 'styled-components';

const MUTATION = graphql`
  mutation DeleteAccountDialogMutation($input: DeleteMyAccountInput!) {
    deleteMyAccount(input: $input) {
      deletedUserId
    }
  }
`;

/**
 * Delete my account, confirmed by typing the email (or DELETE without one), and the current
 * password when the server asks for it; then the landing page, loaded afresh (the session is gone).
 * The budgets the user owns with other members (`handOver`) must be handed over first: the dialog
 * names them and cannot delete until then.
 */
export function DeleteAccountDialog({
  email,
  handOver = [],
  onClose,
}: {
  email: string | null;
  handOver?: readonly string[];
  onClose(): void;
}) {
  const expected = email ?? 'DELETE';
  const { form, frame } = useFormMutation(
    deleteAccountInput,
    { confirmation: '', password: '' },
    {
      onClose,
      mutation: MUTATION,
      send: ({ confirmation, password }): FormSend<DeleteAccountDialogMutation> => ({
        variables: { input: { confirmation, password: password || null } },
        failure: FAILURE.deleteMyAccount,
        onFieldErrors: confirm.onFieldErrors,
      }),
      onSaved: () => window.location.assign('/'),
    },
  );
  const { errors } = form.formState;
  const confirm = useConfirmIdentity(serverErrorsOf(form));
  return (
    <FormDialog
      {...frame}
      title="Delete your account?"
      description="Every account, paycheck, category, transaction, bill, goal, session and API token of yours is deleted at once. This cannot be undone: export your data first if you want to keep it."
      submitLabel="Delete My Account"
      savingLabel="Deleting…"
      submitDisabled={handOver.length > 0}
    >
      {handOver.length > 0 && (
        <HandOver role="alert">
          Hand over {namesList(handOver)} to another member first: Settings → Budget, Make owner. Your records in budgets you share stay
          there.
        </HandOver>
      )}
      <Field label={`Type ${expected} to confirm`} error={errors.confirmation?.message}>
        <Input {...form.register('confirmation')} autoComplete="off" autoFocus />
      </Field>
      <ConfirmIdentity asked={confirm.asked} password={form.register('password')} error={errors.password?.message} />
    </FormDialog>
  );
}

const HandOver = styled.p`
  padding: 0.6rem 0.85rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
  font-weight: 600;
  font-size: 0.9rem;
`;
