import { Suspense, useState } from 'react';
import styled from 'styled-components';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useNavigate, useParams } from 'react-router-dom';
import { MailOpen, AlertCircle } from 'lucide-react';
import type { InvitationPageQuery } from '../../__generated__/InvitationPageQuery.graphql.ts';
import type { InvitationPageAcceptMutation } from '../../__generated__/InvitationPageAcceptMutation.graphql.ts';
import { useAuth } from '../../app/auth.tsx';
import { useBudgetSwitch } from '../../app/budget-switch.tsx';
import { useDocumentTitle } from '../../app/document-title.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { signInUrl } from '../../app/unauthorized.ts';
import { Button, LinkButton } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { PageSkeleton } from '../../components/Skeleton.tsx';
import { Logo } from '../../components/Logo.tsx';
import { relativeTime } from '../../lib/dates.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { budgetRawId } from './budget-roles.ts';

/** "as an editor", "as a viewer". */
const AS_ROLE: Record<string, string> = { OWNER: 'as an owner', EDITOR: 'as an editor', VIEWER: 'as a viewer' };

/**
 * `/invitations/:token` (docs/product.md#shared-budgets): who invites the user to which budget and
 * as what, and Accept, which switches the tab to that budget. Signed out, it asks to sign in first
 * and comes back here after.
 */
export default function InvitationPage() {
  useDocumentTitle('Invitation');
  const auth = useAuth();
  const { token = '' } = useParams();
  if (auth.status === 'loading') return <PageSkeleton />;
  if (auth.status === 'signed-out')
    return (
      <Alone>
        <Logo />
        <Panel aria-labelledby="invitation-title">
          <h1 id="invitation-title">
            <MailOpen aria-hidden /> You are invited to a shared budget
          </h1>
          <p>Sign in, or create an account, to see the invitation and accept it.</p>
          <LinkButton href={signInUrl()}>Sign in to accept</LinkButton>
        </Panel>
      </Alone>
    );
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Invitation token={token} />
    </Suspense>
  );
}

function Invitation({ token }: { token: string }) {
  const { budgetInvitation: invitation } = useLazyLoadQuery<InvitationPageQuery>(
    graphql`
      query InvitationPageQuery($token: String!) {
        budgetInvitation(token: $token) {
          budgetName
          role
          invitedBy
          expiresAt
        }
      }
    `,
    { token },
    { fetchPolicy: 'network-only' },
  );
  const navigate = useNavigate();
  const { switchBudget } = useBudgetSwitch();
  const [accepted, setAccepted] = useState(false);
  const [accept, accepting] = useMutationAction<InvitationPageAcceptMutation>(graphql`
    mutation InvitationPageAcceptMutation($token: String!) {
      acceptBudgetInvitation(token: $token) {
        budget {
          id
          name
        }
      }
    }
  `);
  if (!invitation && !accepted)
    return (
      <Panel aria-labelledby="invitation-title">
        <h1 id="invitation-title">
          <AlertCircle aria-hidden className="warning" /> This invitation cannot be used
        </h1>
        <p>It was already used, revoked, or it has expired. Ask the budget’s owner for a new link.</p>
        <Button type="button" $variant="secondary" onClick={() => navigate('/')}>
          Go to the Dashboard
        </Button>
      </Panel>
    );
  return (
    <Panel aria-labelledby="invitation-title">
      <h1 id="invitation-title">
        <MailOpen aria-hidden /> Join {invitation?.budgetName}
      </h1>
      {invitation && (
        <>
          <p>
            {invitation.invitedBy ? `${invitation.invitedBy} invited you` : 'You are invited'} to <strong>{invitation.budgetName}</strong>{' '}
            {AS_ROLE[invitation.role]}.
          </p>
          <p className="muted">The invitation expires {relativeTime(invitation.expiresAt)}.</p>
        </>
      )}
      <Actions>
        <Button type="button" $variant="secondary" onClick={() => navigate('/')}>
          Not now
        </Button>
        <Button
          type="button"
          disabled={accepting || accepted}
          onClick={() =>
            accept(
              { token },
              {
                success: SUCCESS.invitationAccepted,
                failure: FAILURE.acceptInvitation,
                onDone: (r) => {
                  setAccepted(true);
                  // The budget joined becomes the tab's; its Dashboard shows.
                  void switchBudget(budgetRawId(r.acceptBudgetInvitation.budget.id));
                  navigate('/', { replace: true });
                },
              },
            )
          }
        >
          {accepting ? 'Joining…' : 'Accept invitation'}
        </Button>
      </Actions>
    </Panel>
  );
}

const Alone = styled.main`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 1.25rem;
  padding: 1.5rem;
`;
const Panel = styled(Card)`
  max-width: 30rem;
  width: 100%;
  margin: 2rem auto;
  padding: 1.75rem;
  h1 {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    font-size: 1.35rem;
    font-weight: 750;
  }
  h1 svg {
    flex: none;
    color: ${({ theme }) => theme.color.primary};
  }
  h1 svg.warning {
    color: ${({ theme }) => theme.color.warning};
  }
  p {
    margin-top: 0.75rem;
  }
  p.muted {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.9rem;
  }
  > a,
  > button {
    margin-top: 1.25rem;
  }
`;
const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 1.25rem;
`;
