import { useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { KeyRound, ShieldCheck } from 'lucide-react';
import type { SignInCard_viewer$key } from '../../__generated__/SignInCard_viewer.graphql.ts';
import { Badge } from '../../components/Badge.tsx';
import { SettingsCard, RowText, Rows } from './SettingsCard.tsx';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { DisableTwoFactorDialog, RecoveryCodesDialog, TwoFactorSetup } from './TwoFactorDialogs.tsx';

/** Password and two-factor sign-in of a built-in account; for an external provider, where they are managed. */
export function SignInCard({ viewer }: { viewer: SignInCard_viewer$key }) {
  const { signIn, apiTokens } = useFragment(
    graphql`
      fragment SignInCard_viewer on User {
        signIn {
          method
          twoFactorEnabled
          recoveryCodesLeft
        }
        apiTokens {
          __typename
        }
      }
    `,
    viewer,
  );
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  if (signIn.method !== 'builtIn') {
    return (
      <SettingsCard
        title="Sign-in"
        description="You sign in with an external provider: your password and two-factor sign-in are managed there."
      />
    );
  }
  return (
    <SettingsCard title="Sign-in" description="How you prove it is you when you sign in to Budget.">
      <Rows>
        <li>
          <Row>
            <KeyRound aria-hidden />
            <RowText>
              <strong>Password</strong>
              <span>Changing it signs out every other session and revokes your API tokens.</span>
            </RowText>
          </Row>
          <ChangePasswordDialog apiTokens={apiTokens.length} />
        </li>
        <li>
          <Row>
            <ShieldCheck aria-hidden />
            <RowText>
              <strong>
                Two-factor sign-in
                <Badge $tone={signIn.twoFactorEnabled ? 'success' : 'neutral'}>{signIn.twoFactorEnabled ? 'On' : 'Off'}</Badge>
              </strong>
              <span>
                {signIn.twoFactorEnabled
                  ? `A code from your authenticator app is asked after your password. Recovery codes left: ${signIn.recoveryCodesLeft} of 10.`
                  : 'Ask for a code from an authenticator app after your password.'}
              </span>
            </RowText>
          </Row>
          {signIn.twoFactorEnabled ? <DisableTwoFactorDialog /> : <TwoFactorSetup onEnabled={setCodes} />}
        </li>
      </Rows>
      {codes && <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />}
    </SettingsCard>
  );
}

const Row = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 0.75rem;
  min-width: 0;
  > svg {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    margin-top: 0.15rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
