import { graphql } from 'react-relay';
import type { ConnectBankDialogMutation } from '../../__generated__/ConnectBankDialogMutation.graphql.ts';
import { connectBankInput } from '../../../../shared/inputs/connections.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Textarea } from '../../components/Form.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';

const MUTATION = graphql`
  mutation ConnectBankDialogMutation($input: ConnectBankInput!) {
    connectBank(input: $input) {
      viewer {
        ...ConnectedBanksCard_viewer
      }
    }
  }
`;

/** Connect Bank: paste a SimpleFIN setup token; the server claims it and lists the bridge's accounts (docs/product.md#bank-sync). */
export function ConnectBankDialog({ onClose }: { onClose(): void }) {
  const { form, frame } = useFormMutation(
    connectBankInput,
    { setupToken: '' },
    {
      onClose,
      mutation: MUTATION,
      send: (input): FormSend<ConnectBankDialogMutation> => ({
        variables: { input },
        success: SUCCESS.bankConnected,
        failure: FAILURE.connectBank,
      }),
    },
  );
  return (
    <FormDialog
      {...frame}
      title="Connect a Bank"
      description="Through SimpleFIN Bridge: create a setup token there, then paste it here. Budget claims it once and keeps the access it gives encrypted."
      submitLabel="Connect"
      savingLabel="Connecting…"
    >
      <Field
        label="Setup token"
        error={form.formState.errors.setupToken?.message}
        hint="A long line of letters and digits, from bridge.simplefin.org."
      >
        <Textarea {...form.register('setupToken')} rows={4} spellCheck={false} autoComplete="off" autoFocus />
      </Field>
    </FormDialog>
  );
}
