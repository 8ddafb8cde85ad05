import { useState } from 'react';
import styled from 'styled-components';
import { graphql } from 'react-relay';
import { Copy, Download } from 'lucide-react';
import type { TwoFactorDialogsStartMutation } from '../../__generated__/TwoFactorDialogsStartMutation.graphql.ts';
import type { TwoFactorDialogsConfirmMutation } from '../../__generated__/TwoFactorDialogsConfirmMutation.graphql.ts';
import type { TwoFactorDialogsDisableMutation } from '../../__generated__/TwoFactorDialogsDisableMutation.graphql.ts';
import { twoFactorCodeInput } from '../../../../shared/inputs/settings.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Input } from '../../components/Form.tsx';
import { serverErrorsOf, useSchemaForm } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { ConfirmIdentity, useConfirmIdentity } from './ConfirmIdentity.tsx';
import { useCopy } from '../../components/SecretBox.tsx';

/**
 * Turn On: a new secret as a QR code (and as text), confirmed with a code from the app (and the
 * current password when the server asks for it); then `onEnabled` gets the ten recovery codes, to
 * be shown once (by the card: this button goes away once two-factor sign-in is on).
 */
export function TwoFactorSetup({ onEnabled }: { onEnabled(codes: readonly string[]): void }) {
  const [setup, setSetup] = useState<{ secret: string; qrCodeSvg: string } | null>(null);
  const form = useSchemaForm(twoFactorCodeInput, { code: '', password: '' });
  const confirmIdentity = useConfirmIdentity(serverErrorsOf(form));
  const [start, starting] = useMutationAction<TwoFactorDialogsStartMutation>(graphql`
    mutation TwoFactorDialogsStartMutation {
      startTwoFactorSetup {
        secret
        qrCodeSvg
      }
    }
  `);
  const [confirm, confirming] = useMutationAction<TwoFactorDialogsConfirmMutation>(graphql`
    mutation TwoFactorDialogsConfirmMutation($input: TwoFactorCodeInput!) {
      confirmTwoFactorSetup(input: $input) {
        recoveryCodes
        viewer {
          ...SignInCard_viewer
        }
      }
    }
  `);
  const begin = () => {
    form.reset({ code: '', password: '' });
    start({}, { failure: FAILURE.startTwoFactor, onDone: (r) => setSetup(r.startTwoFactorSetup) });
  };
  const submit = form.handleSubmit(({ code, password }) =>
    confirm(
      { input: { code, password: password || null } },
      {
        success: SUCCESS.twoFactorOn,
        failure: FAILURE.confirmTwoFactor,
        onFieldErrors: confirmIdentity.onFieldErrors,
        onDone: (r) => {
          setSetup(null);
          onEnabled(r.confirmTwoFactorSetup.recoveryCodes);
        },
      },
    ),
  );
  const { errors } = form.formState;
  return (
    <>
      <Button type="button" onClick={begin} disabled={starting}>
        {starting ? 'Starting…' : 'Turn On'}
      </Button>
      {setup && (
        <FormDialog
          open
          onOpenChange={(open) => !open && setSetup(null)}
          title="Turn on two-factor sign-in"
          description="Scan the QR code with an authenticator app (1Password, Google Authenticator, Aegis…), then enter the 6-digit code it shows."
          onSubmit={submit}
          submitLabel="Turn On"
          savingLabel="Checking…"
          saving={confirming}
        >
          <Qr src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrCodeSvg)}`} alt="QR code to add Budget to an authenticator app" />
          <Field label="Or type this key into the app">
            <Secret value={setup.secret.replace(/(.{4})/g, '$1 ').trim()} readOnly aria-readonly />
          </Field>
          <Field label="Code from the app" error={errors.code?.message}>
            <Input {...form.register('code')} inputMode="numeric" autoComplete="one-time-code" placeholder="123456" autoFocus />
          </Field>
          <ConfirmIdentity asked={confirmIdentity.asked} password={form.register('password')} error={errors.password?.message} />
        </FormDialog>
      )}
    </>
  );
}

/** The recovery codes, once: each signs in once without the app. Copy or download them, then Done. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: readonly string[]; onClose(): void }) {
  const copyText = useCopy();
  const text = `Budget recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = () => copyText(text, 'Recovery codes copied');
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'budget-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Save your recovery codes"
      description="If you lose your phone, each of these codes signs you in once instead of the app. They are shown only now: keep them somewhere safe."
    >
      <Codes aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Codes>
      <Actions>
        <Button type="button" $variant="secondary" onClick={copy}>
          <Copy aria-hidden /> Copy
        </Button>
        <Button type="button" $variant="secondary" onClick={download}>
          <Download aria-hidden /> Download
        </Button>
        <Button type="button" onClick={onClose}>
          Done
        </Button>
      </Actions>
    </Dialog>
  );
}

const DISABLE = graphql`
  mutation TwoFactorDialogsDisableMutation($input: TwoFactorCodeInput!) {
    disableTwoFactor(input: $input) {
      viewer {
        ...SignInCard_viewer
      }
    }
  }
`;

/** Turn Off: a code from the app or a recovery code (and the current password when the server asks for it). */
export function DisableTwoFactorDialog() {
  const { form, frame } = useFormMutation(
    twoFactorCodeInput,
    { code: '', password: '' },
    {
      mutation: DISABLE,
      send: ({ code, password }): FormSend<TwoFactorDialogsDisableMutation> => ({
        variables: { input: { code, password: password || null } },
        success: SUCCESS.twoFactorOff,
        failure: FAILURE.disableTwoFactor,
        onFieldErrors: confirmIdentity.onFieldErrors,
      }),
    },
  );
  const { errors } = form.formState;
  const confirmIdentity = useConfirmIdentity(serverErrorsOf(form));
  return (
    <FormDialog
      {...frame}
      title="Turn off two-factor sign-in"
      description="Sign-in will ask for your password only."
      trigger={
        <Button type="button" $variant="secondary">
          Turn Off
        </Button>
      }
      submitLabel="Turn Off"
      savingLabel="Turning off…"
    >
      <Field label="Code from the app, or a recovery code" error={errors.code?.message}>
        <Input {...form.register('code')} autoComplete="one-time-code" autoFocus />
      </Field>
      <ConfirmIdentity asked={confirmIdentity.asked} password={form.register('password')} error={errors.password?.message} />
    </FormDialog>
  );
}

const Qr = styled.img`
  width: 11rem;
  height: 11rem;
  justify-self: center;
  padding: 0.5rem;
  border-radius: ${({ theme }) => theme.radius.md};
  /* A QR code needs dark on light to scan, in the dark theme too. */
  background: #fff;
`;
const Secret = styled(Input)`
  font-family: ${({ theme }) => theme.font.mono};
  letter-spacing: 0.04em;
`;
const Codes = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0.9rem;
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: 0.45rem 1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceMuted};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 0.95rem;
  text-align: center;
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.5rem;
  margin-top: 1rem;
`;
