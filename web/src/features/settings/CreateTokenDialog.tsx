import { graphql } from 'react-relay';
import { z } from 'zod';
import type { CreateTokenDialogMutation } from '../../__generated__/CreateTokenDialogMutation.graphql.ts';
import { createApiTokenInput, TOKEN_LIFETIMES } from '../../../../shared/inputs/settings.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Input, Select } from '../../components/Form.tsx';
import { serverErrorsOf } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { ConfirmIdentity, useConfirmIdentity } from './ConfirmIdentity.tsx';

// The shared schema, with the expiry as the select holds it ("30", "90", "365" or "never").
const formSchema = createApiTokenInput.extend({ expiresInDays: z.enum(['30', '90', '365', 'never']) });

const MUTATION = graphql`
  mutation CreateTokenDialogMutation($input: CreateApiTokenInput!) {
    createApiToken(input: $input) {
      token
      viewer {
        ...ApiTokensCard_viewer
      }
    }
  }
`;

/**
 * Create Token: a name, read or read & write, an expiry, and the current password when the server
 * asks for it; the new token goes to `onCreated`, to be shown once.
 */
export function CreateTokenDialog({ onClose, onCreated }: { onClose(): void; onCreated(token: string): void }) {
  const { form, frame } = useFormMutation(
    formSchema,
    { name: '', access: 'read', expiresInDays: '90', password: '' },
    {
      onClose,
      mutation: MUTATION,
      send: ({ name, access, expiresInDays, password }): FormSend<CreateTokenDialogMutation> => ({
        variables: {
          input: { name, access, expiresInDays: expiresInDays === 'never' ? null : Number(expiresInDays), password: password || null },
        },
        success: SUCCESS.tokenCreated,
        failure: FAILURE.createToken,
        onFieldErrors: confirm.onFieldErrors,
      }),
      onSaved: (r) => onCreated(r.createApiToken.token),
    },
  );
  const { errors } = form.formState;
  const confirm = useConfirmIdentity(serverErrorsOf(form));
  return (
    <FormDialog
      {...frame}
      title="Create API Token"
      description="For a script or another app. You will see the token once."
      submitLabel="Create Token"
      savingLabel="Creating…"
    >
      <Field label="Name" error={errors.name?.message} hint="What it is for, e.g. “Spreadsheet sync”.">
        <Input {...form.register('name')} maxLength={100} autoFocus />
      </Field>
      <Field label="Access">
        <Select {...form.register('access')}>
          <option value="read">Read only</option>
          <option value="write">Read &amp; write</option>
        </Select>
      </Field>
      <Field label="Expires">
        <Select {...form.register('expiresInDays')}>
          {TOKEN_LIFETIMES.map((days) => (
            <option key={days} value={String(days)}>
              In {days} days
            </option>
          ))}
          <option value="never">Never</option>
        </Select>
      </Field>
      <ConfirmIdentity asked={confirm.asked} password={form.register('password')} error={errors.password?.message} />
    </FormDialog>
  );
}
