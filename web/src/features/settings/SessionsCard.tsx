import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Laptop } from 'lucide-react';
import type { SessionsCard_viewer$key } from '../../__generated__/SessionsCard_viewer.graphql.ts';
import type { SessionsCardSignOutMutation } from '../../__generated__/SessionsCardSignOutMutation.graphql.ts';
import type { SessionsCardSignOutOthersMutation } from '../../__generated__/SessionsCardSignOutOthersMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { alsoRevokes, RowText, Rows, SettingsCard } from './SettingsCard.tsx';
import { relativeTime } from '../../lib/dates.ts';

/** Every browser signed in as the user, this one first, each with Sign Out; and Sign out all other sessions (which revokes the API tokens too). */
export function SessionsCard({ viewer }: { viewer: SessionsCard_viewer$key }) {
  const { sessions, apiTokens } = useFragment(
    graphql`
      fragment SessionsCard_viewer on User {
        sessions {
          id
          current
          browser
          os
          address
          signedInAt
          lastUsedAt
        }
        apiTokens {
          __typename
        }
      }
    `,
    viewer,
  );
  const [confirming, setConfirming] = useState(false);
  const [signOut, signingOut] = useMutationAction<SessionsCardSignOutMutation>(graphql`
    mutation SessionsCardSignOutMutation($id: ID!) {
      signOutSession(id: $id) {
        viewer {
          ...SessionsCard_viewer
        }
      }
    }
  `);
  const [signOutOthers, signingOutOthers] = useMutationAction<SessionsCardSignOutOthersMutation>(graphql`
    mutation SessionsCardSignOutOthersMutation {
      signOutOtherSessions {
        signedOut
        viewer {
          ...SessionsCard_viewer
          ...ApiTokensCard_viewer
        }
      }
    }
  `);
  const others = sessions.filter((s) => !s.current).length;
  return (
    <SettingsCard
      title="Sessions"
      description="Browsers signed in as you. Sign out any you do not recognise, then change your password."
      action={
        others > 0 && (
          <Button type="button" $variant="secondary" onClick={() => setConfirming(true)}>
            Sign out all other sessions
          </Button>
        )
      }
    >
      <Rows aria-label="Sessions">
        {sessions.map((s) => (
          <li key={s.id}>
            <RowText>
              <strong>
                <Laptop aria-hidden width={16} height={16} />
                {s.browser} on {s.os}
                {s.current && <Badge $tone="success">This browser</Badge>}
              </strong>
              <span>
                {[
                  s.address,
                  s.signedInAt && `signed in ${relativeTime(s.signedInAt)}`,
                  s.current ? 'active now' : s.lastUsedAt && `last used ${relativeTime(s.lastUsedAt)}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </RowText>
            {!s.current && (
              <Button
                type="button"
                $variant="secondary"
                $size="sm"
                disabled={signingOut}
                aria-label={`Sign out ${s.browser} on ${s.os}`}
                onClick={() => signOut({ id: s.id }, { success: SUCCESS.sessionSignedOut, failure: FAILURE.signOutSession })}
              >
                Sign Out
              </Button>
            )}
          </li>
        ))}
      </Rows>
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title="Sign out all other sessions?"
          description={`${others} other session${others === 1 ? '' : 's'} will be signed out at once.${alsoRevokes(apiTokens.length)} This browser stays signed in.`}
          confirmLabel="Sign Out Others"
          busy={signingOutOthers}
          onConfirm={() =>
            signOutOthers(
              {},
              { success: SUCCESS.otherSessionsSignedOut, failure: FAILURE.signOutSession, onDone: () => setConfirming(false) },
            )
          }
        />
      )}
    </SettingsCard>
  );
}
