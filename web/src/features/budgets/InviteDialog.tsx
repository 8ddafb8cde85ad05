import { graphql } from 'react-relay';
import { z } from 'zod';
import type { InviteDialogMutation } from '../../__generated__/InviteDialogMutation.graphql.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Select } from '../../components/Form.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { ROLE_HINT, ROLE_LABEL } from './budget-roles.ts';
import { appendToBudgetList } from './budget-store.ts';

const inviteInput = z.object({ role: z.enum(['EDITOR', 'VIEWER']) });

/** Invite: the role the invited person will have; the link goes to `onCreated`, to be shown once. */
export function InviteDialog({
  budgetId,
  budgetName,
  onClose,
  onCreated,
}: {
  budgetId: string;
  budgetName: string;
  onClose(): void;
  onCreated(url: string): void;
}) {
  const { form, frame } = useFormMutation(
    inviteInput,
    { role: 'EDITOR' },
    {
      onClose,
      mutation: graphql`
        mutation InviteDialogMutation($input: CreateBudgetInvitationInput!) {
          createBudgetInvitation(input: $input) {
            url
            invitation {
              id
              role
              createdAt
              expiresAt
            }
          }
        }
      `,
      send: ({ role }): FormSend<InviteDialogMutation> => ({
        variables: { input: { budgetId, role } },
        success: SUCCESS.invitationCreated,
        failure: FAILURE.createInvitation,
        updater: (store) => appendToBudgetList(store, budgetId, 'invitations', 'createBudgetInvitation', 'invitation'),
      }),
      onSaved: (r) => onCreated(r.createBudgetInvitation.url),
    },
  );
  const role = form.watch('role');
  return (
    <FormDialog
      {...frame}
      title={`Invite to ${budgetName}`}
      description="You get a link to send: whoever opens it and signs in joins with this role."
      submitLabel="Create Link"
      savingLabel="Creating…"
    >
      <Field label="Role" hint={ROLE_HINT[role]}>
        <Select {...form.register('role')} autoFocus>
          <option value="EDITOR">{ROLE_LABEL.EDITOR}</option>
          <option value="VIEWER">{ROLE_LABEL.VIEWER}</option>
        </Select>
      </Field>
    </FormDialog>
  );
}
