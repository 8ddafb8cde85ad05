import { useState } from 'react';
import styled from 'styled-components';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { signInUrl } from '../../app/unauthorized.ts';
import { LinkButton } from '../../components/Button.tsx';
import { Field, Input } from '../../components/Form.tsx';

type Asked = 'password' | 'signIn' | null;

/**
 * What the server asks before an operation that could take the account over, once the sign-in is
 * not recent (docs/security.md#confirming-who-is-asking): its refusal names the field it wants,
 * `password` (the current password) or `signIn` (a user of an external provider signs in there
 * again). `onFieldErrors` goes to the mutation in place of the form's own; `asked` says what to show.
 */
export function useConfirmIdentity(showErrors: (errors: Record<string, string>) => void) {
  const [asked, setAsked] = useState<Asked>(null);
  return {
    asked,
    onFieldErrors(errors: Record<string, string>) {
      if ('signIn' in errors) setAsked('signIn');
      else if ('password' in errors) setAsked('password');
      showErrors(errors);
    },
  };
}

/** The current password, once asked for; or the way to a fresh sign-in, which comes back to this screen. */
export function ConfirmIdentity({ asked, password, error }: { asked: Asked; password: UseFormRegisterReturn; error?: string }) {
  if (asked === 'signIn')
    return (
      <Notice role="alert">
        <span>You signed in a while ago. Sign in again to do this, then try once more.</span>
        <LinkButton href={signInUrl({ prompt: 'login' })} $variant="secondary" $size="sm">
          Sign in again
        </LinkButton>
      </Notice>
    );
  if (asked !== 'password') return null;
  return (
    <Field label="Current password" error={error} hint="You signed in a while ago: confirm it is you.">
      <Input {...password} type="password" autoComplete="current-password" autoFocus />
    </Field>
  );
}

const Notice = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem 0.75rem;
  padding: 0.75rem 0.9rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.warningSoft};
  color: ${({ theme }) => theme.color.text};
  font-size: 0.9rem;
`;
