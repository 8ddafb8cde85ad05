import { useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { Copy, UserPlus } from 'lucide-react';
import type { BudgetInvitations_budget$key } from '../../__generated__/BudgetInvitations_budget.graphql.ts';
import type { BudgetInvitationsRevokeMutation } from '../../__generated__/BudgetInvitationsRevokeMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { SecretBox, useCopy } from '../../components/SecretBox.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog, Dialog } from '../../components/Dialog.tsx';
import { relativeTime } from '../../lib/dates.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { RowText, Rows } from '../settings/SettingsCard.tsx';
import { InviteDialog } from './InviteDialog.tsx';
import { Heading } from './BudgetMembers.tsx';
import { ROLE_LABEL, roleTone } from './budget-roles.ts';
import { dropFromBudgetList } from './budget-store.ts';

/**
 * The owner's invitations: Invite (a role, then the one-time link, shown once with a copy
 * button), and the pending ones with their expiry, each revocable.
 */
export function BudgetInvitations({ budget: key }: { budget: BudgetInvitations_budget$key }) {
  const budget = useFragment(
    graphql`
      fragment BudgetInvitations_budget on Budget {
        id
        name
        invitations {
          id
          role
          createdAt
          expiresAt
        }
      }
    `,
    key,
  );
  const [inviting, setInviting] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [revoke, revokingNow] = useMutationAction<BudgetInvitationsRevokeMutation>(graphql`
    mutation BudgetInvitationsRevokeMutation($id: ID!) {
      revokeBudgetInvitation(id: $id) {
        revokedId
      }
    }
  `);
  return (
    <>
      <HeadRow>
        <Heading>Invitations</Heading>
        <Button type="button" $size="sm" onClick={() => setInviting(true)}>
          <UserPlus aria-hidden /> Invite
        </Button>
      </HeadRow>
      {budget.invitations.length === 0 ? (
        <Empty>No pending invitations. An invitation is a link that works once, for 7 days.</Empty>
      ) : (
        <Rows aria-label="Pending invitations">
          {budget.invitations.map((i) => (
            <li key={i.id}>
              <RowText>
                <strong>
                  Invitation <Badge $tone={roleTone(i.role)}>{ROLE_LABEL[i.role]}</Badge>
                </strong>
                <span>
                  Created {relativeTime(i.createdAt)} · expires {relativeTime(i.expiresAt)}
                </span>
              </RowText>
              <Button
                type="button"
                $variant="secondary"
                $size="sm"
                aria-label={`Revoke the ${ROLE_LABEL[i.role]?.toLowerCase()} invitation created ${relativeTime(i.createdAt)}`}
                onClick={() => setRevoking(i.id)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </Rows>
      )}
      {inviting && <InviteDialog budgetId={budget.id} budgetName={budget.name} onClose={() => setInviting(false)} onCreated={setLink} />}
      {link && <InvitationLinkDialog url={link} budgetName={budget.name} onClose={() => setLink(null)} />}
      {revoking && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setRevoking(null)}
          title="Revoke invitation?"
          description="Its link stops working at once. Whoever has it can no longer join."
          confirmLabel="Revoke"
          busy={revokingNow}
          onConfirm={() =>
            revoke(
              { id: revoking },
              {
                success: SUCCESS.invitationRevoked,
                failure: FAILURE.revokeInvitation,
                updater: (store) => dropFromBudgetList(store, budget.id, 'invitations', revoking),
                onDone: () => setRevoking(null),
              },
            )
          }
        />
      )}
    </>
  );
}

/** The new invitation's link, shown this once, with a copy button. */
function InvitationLinkDialog({ url, budgetName, onClose }: { url: string; budgetName: string; onClose(): void }) {
  const copy = useCopy();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Share the invitation link"
      description={`Send it to the person you invite to “${budgetName}”. It works once, for 7 days, and is shown only now.`}
    >
      <SecretBox aria-label="Invitation link">{url}</SecretBox>
      <Actions>
        <Button type="button" $variant="secondary" onClick={() => copy(url, 'Link copied')}>
          <Copy aria-hidden /> Copy link
        </Button>
        <Button type="button" onClick={onClose}>
          Done
        </Button>
      </Actions>
    </Dialog>
  );
}

const HeadRow = styled.div`
  display: flex;
  align-items: flex-end;
  justify-content: space-between;
  gap: 0.75rem;
`;
const Empty = styled.p`
  margin-top: 0.5rem;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
`;
const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 1rem;
`;
