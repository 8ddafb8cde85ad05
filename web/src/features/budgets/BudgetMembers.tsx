import { useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import type { BudgetMembers_budget$key } from '../../__generated__/BudgetMembers_budget.graphql.ts';
import type { BudgetMembersRoleMutation } from '../../__generated__/BudgetMembersRoleMutation.graphql.ts';
import type { BudgetMembersRemoveMutation } from '../../__generated__/BudgetMembersRemoveMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Select } from '../../components/Form.tsx';
import { relativeTime } from '../../lib/dates.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { RowText, Rows } from '../settings/SettingsCard.tsx';
import { ROLE_LABEL, roleTone } from './budget-roles.ts';

interface Member {
  userId: string;
  name: string;
}

/**
 * A budget's members with their roles. Its owner changes a member's role (editor or viewer), hands
 * the budget over (the member becomes its owner, the owner an editor) and removes members.
 */
export function BudgetMembers({ budget: key }: { budget: BudgetMembers_budget$key }) {
  const budget = useFragment(
    graphql`
      fragment BudgetMembers_budget on Budget {
        id
        name
        role
        members {
          userId
          name
          email
          role
          joinedAt
          you
        }
      }
    `,
    key,
  );
  const [confirming, setConfirming] = useState<{ member: Member; action: 'handOver' | 'remove' } | null>(null);
  const [changeRole, changingRole] = useMutationAction<BudgetMembersRoleMutation>(graphql`
    mutation BudgetMembersRoleMutation($input: ChangeBudgetMemberRoleInput!) {
      changeBudgetMemberRole(input: $input) {
        budget {
          role
          memberCount
          ...BudgetMembers_budget
        }
      }
    }
  `);
  const [remove, removing] = useMutationAction<BudgetMembersRemoveMutation>(graphql`
    mutation BudgetMembersRemoveMutation($input: RemoveBudgetMemberInput!) {
      removeBudgetMember(input: $input) {
        budget {
          memberCount
          ...BudgetMembers_budget
        }
      }
    }
  `);
  const owner = budget.role === 'OWNER';
  const close = () => setConfirming(null);
  return (
    <>
      <Heading>Members</Heading>
      <Rows aria-label="Members">
        {budget.members.map((m) => (
          <li key={m.userId}>
            <RowText>
              <strong>
                {m.name}
                {m.you && <Muted>(you)</Muted>}
                <Badge $tone={roleTone(m.role)}>{ROLE_LABEL[m.role]}</Badge>
              </strong>
              <span>
                {m.email ?? 'No email'} · joined {relativeTime(m.joinedAt)}
              </span>
            </RowText>
            {owner && !m.you && m.role !== 'OWNER' && (
              <Controls>
                <Select
                  aria-label={`Role of ${m.name}`}
                  value={m.role}
                  disabled={changingRole}
                  onChange={(e) =>
                    changeRole(
                      { input: { budgetId: budget.id, userId: m.userId, role: e.target.value as 'EDITOR' | 'VIEWER' } },
                      { success: SUCCESS.memberRoleChanged, failure: FAILURE.changeMemberRole },
                    )
                  }
                >
                  <option value="EDITOR">{ROLE_LABEL.EDITOR}</option>
                  <option value="VIEWER">{ROLE_LABEL.VIEWER}</option>
                </Select>
                <Button
                  type="button"
                  $variant="secondary"
                  $size="sm"
                  aria-label={`Make ${m.name} the owner`}
                  onClick={() => setConfirming({ member: m, action: 'handOver' })}
                >
                  Make owner
                </Button>
                <Button
                  type="button"
                  $variant="secondary"
                  $size="sm"
                  aria-label={`Remove ${m.name}`}
                  onClick={() => setConfirming({ member: m, action: 'remove' })}
                >
                  Remove
                </Button>
              </Controls>
            )}
          </li>
        ))}
      </Rows>
      {confirming?.action === 'handOver' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && close()}
          title={`Make ${confirming.member.name} the owner?`}
          description={`${confirming.member.name} becomes the owner of “${budget.name}”, with its members in their hands; you stay as an editor.`}
          confirmLabel="Hand over"
          busy={changingRole}
          onConfirm={() =>
            changeRole(
              { input: { budgetId: budget.id, userId: confirming.member.userId, role: 'OWNER' } },
              { success: SUCCESS.ownershipHandedOver, failure: FAILURE.changeMemberRole, onDone: close },
            )
          }
        />
      )}
      {confirming?.action === 'remove' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && close()}
          title={`Remove ${confirming.member.name}?`}
          description={`${confirming.member.name} loses access to “${budget.name}” at once, on every device and API token. What they added stays.`}
          confirmLabel="Remove"
          busy={removing}
          onConfirm={() =>
            remove(
              { input: { budgetId: budget.id, userId: confirming.member.userId } },
              { success: SUCCESS.memberRemoved, failure: FAILURE.removeMember, onDone: close },
            )
          }
        />
      )}
    </>
  );
}

export const Heading = styled.h3`
  margin-top: 1.25rem;
  font-size: 0.95rem;
  font-weight: 700;
`;
const Muted = styled.span`
  font-weight: 500;
`;
const Controls = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 0.5rem;
  select {
    width: auto;
    min-width: 7rem;
    padding-top: 0.35rem;
    padding-bottom: 0.35rem;
  }
`;
