import { graphql } from 'react-relay';
import type { ChangePasswordDialogMutation } from '../../__generated__/ChangePasswordDialogMutation.graphql.ts';
import { changePasswordInput } from '../../../../shared/inputs/settings.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Input } from '../../components/Form.tsx';
import { serverErrorsOf, useFormDialog } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { alsoRevokes } from './SettingsCard.tsx';

/** Change Password: the current one, then the new one; every other session is signed out and every API token revoked. */
export function ChangePasswordDialog({ apiTokens }: { apiTokens: number }) {
  const { open, setOpen, form } = useFormDialog(changePasswordInput, { currentPassword: '', newPassword: '' });
  const { errors } = form.formState;
  const [change, changing] = useMutationAction<ChangePasswordDialogMutation>(graphql`
    mutation ChangePasswordDialogMutation($input: ChangePasswordInput!) {
      changePassword(input: $input) {
        signedOutSessions
        viewer {
          ...SessionsCard_viewer
          ...ApiTokensCard_viewer
        }
      }
    }
  `);
  const submit = form.handleSubmit((input) =>
    change(
      { input },
      {
        success: SUCCESS.passwordChanged,
        failure: FAILURE.changePassword,
        onFieldErrors: serverErrorsOf(form),
        onDone: () => setOpen(false),
      },
    ),
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title="Change Password"
      description={`Every other browser signed in as you will be signed out.${alsoRevokes(apiTokens)}`}
      trigger={
        <Button type="button" $variant="secondary">
          Change Password
        </Button>
      }
      onSubmit={submit}
      submitLabel="Change Password"
      savingLabel="Changing…"
      saving={changing}
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
