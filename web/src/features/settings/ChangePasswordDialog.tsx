import { graphql } from 'react-relay';
import type { ChangePasswordDialogMutation } from '../../__generated__/ChangePasswordDialogMutation.graphql.ts';
import { changePasswordInput } from '../../../../shared/inputs/settings.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { Button } from '../../components/Button.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Input } from '../../components/Form.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { alsoRevokes } from './SettingsCard.tsx';

const MUTATION = graphql`
  mutation ChangePasswordDialogMutation($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      signedOutSessions
      viewer {
        ...SessionsCard_viewer
        ...ApiTokensCard_viewer
      }
    }
  }
`;

/** Change Password: the current one, then the new one; every other session is signed out and every API token revoked. */
export function ChangePasswordDialog({ apiTokens }: { apiTokens: number }) {
  const { form, frame } = useFormMutation(
    changePasswordInput,
    { currentPassword: '', newPassword: '' },
    {
      mutation: MUTATION,
      send: (input): FormSend<ChangePasswordDialogMutation> => ({
        variables: { input },
        success: SUCCESS.passwordChanged,
        failure: FAILURE.changePassword,
      }),
    },
  );
  const { errors } = form.formState;
  return (
    <FormDialog
      {...frame}
      title="Change Password"
      description={`Every other browser signed in as you will be signed out.${alsoRevokes(apiTokens)}`}
      trigger={
        <Button type="button" $variant="secondary">
          Change Password
        </Button>
      }
      submitLabel="Change Password"
      savingLabel="Changing…"
    >
      <Field label="Current password" error={errors.currentPassword?.message}>
        <Input {...form.register('currentPassword')} type="password" autoComplete="current-password" autoFocus />
      </Field>
      <Field label="New password" error={errors.newPassword?.message} hint="At least 8 characters.">
        <Input {...form.register('newPassword')} type="password" autoComplete="new-password" />
      </Field>
    </FormDialog>
  );
}
