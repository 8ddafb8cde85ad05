import { useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { LogOut, Pencil, Trash2 } from 'lucide-react';
import type { BudgetCard_budget$key } from '../../__generated__/BudgetCard_budget.graphql.ts';
import type { BudgetCardDeleteMutation } from '../../__generated__/BudgetCardDeleteMutation.graphql.ts';
import type { BudgetCardLeaveMutation } from '../../__generated__/BudgetCardLeaveMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { useBudgetSwitch } from '../../app/budget-switch.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { plural } from '../../lib/plural.ts';
import { SettingsCard } from '../settings/SettingsCard.tsx';
import { BudgetMembers } from './BudgetMembers.tsx';
import { BudgetInvitations } from './BudgetInvitations.tsx';
import { RenameBudgetDialog } from './RenameBudgetDialog.tsx';
import { ROLE_LABEL, roleTone } from './budget-roles.ts';

/**
 * Settings → Budget (docs/product.md#shared-budgets): the budget the tab works in, its name, its
 * members and their roles, the pending invitations (the owner's), and leaving or deleting it.
 */
export function BudgetCard({ budget: key }: { budget: BudgetCard_budget$key }) {
  const budget = useFragment(
    graphql`
      fragment BudgetCard_budget on Budget {
        id
        name
        personal
        role
        memberCount
        members {
          userId
          you
        }
        ...BudgetMembers_budget
        ...BudgetInvitations_budget
        ...RenameBudgetDialog_budget
      }
    `,
    key,
  );
  const { switchBudget } = useBudgetSwitch();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState<'leave' | 'delete' | null>(null);
  const [leave, leaving] = useMutationAction<BudgetCardLeaveMutation>(graphql`
    mutation BudgetCardLeaveMutation($input: RemoveBudgetMemberInput!) {
      removeBudgetMember(input: $input) {
        budget {
          id
        }
      }
    }
  `);
  const [remove, deleting] = useMutationAction<BudgetCardDeleteMutation>(graphql`
    mutation BudgetCardDeleteMutation($id: ID!) {
      deleteBudget(id: $id) {
        deletedId
      }
    }
  `);
  const owner = budget.role === 'OWNER';
  const me = budget.members.find((m) => m.you);
  const backToPersonal = () => void switchBudget(null);
  return (
    <SettingsCard
      title="Budget"
      description={
        budget.personal
          ? 'Your personal budget. Invite someone to share it, or create another budget from the switcher in the sidebar.'
          : 'A shared budget: its members see the same accounts, transactions and plans, each as their role allows.'
      }
      action={
        owner && (
          <Button type="button" $variant="secondary" onClick={() => setRenaming(true)}>
            <Pencil aria-hidden /> Rename
          </Button>
        )
      }
    >
      <Summary>
        <strong>{budget.name}</strong>
        <Badge $tone={budget.personal ? 'neutral' : 'primary'}>{budget.personal ? 'Personal' : 'Shared'}</Badge>
        <span>
          {plural(budget.memberCount, 'member')} · you are{' '}
          <Badge $tone={roleTone(budget.role)} as="span">
            {ROLE_LABEL[budget.role]}
          </Badge>
        </span>
      </Summary>
      <BudgetMembers budget={budget} />
      {owner && <BudgetInvitations budget={budget} />}
      {(!owner || !budget.personal) && (
        <Footer>
          {!owner && (
            <Button type="button" $variant="secondary" onClick={() => setConfirming('leave')}>
              <LogOut aria-hidden /> Leave budget
            </Button>
          )}
          {owner && !budget.personal && (
            <Button type="button" $variant="danger" onClick={() => setConfirming('delete')}>
              <Trash2 aria-hidden /> Delete budget
            </Button>
          )}
        </Footer>
      )}
      {renaming && <RenameBudgetDialog budget={budget} onClose={() => setRenaming(false)} />}
      {confirming === 'leave' && me && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title="Leave this budget?"
          description={`You lose access to “${budget.name}” at once; what you added stays in it. To come back, ask its owner for a new invitation.`}
          confirmLabel="Leave budget"
          busy={leaving}
          onConfirm={() =>
            leave(
              { input: { budgetId: budget.id, userId: me.userId } },
              { success: SUCCESS.budgetLeft, failure: FAILURE.leaveBudget, onDone: backToPersonal },
            )
          }
        />
      )}
      {confirming === 'delete' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title="Delete this budget?"
          description={`“${budget.name}” and everything in it (accounts, transactions, plans, its activity) are deleted for every member. This cannot be undone.`}
          confirmLabel="Delete budget"
          busy={deleting}
          onConfirm={() =>
            remove({ id: budget.id }, { success: SUCCESS.budgetDeleted, failure: FAILURE.deleteBudget, onDone: backToPersonal })
          }
        />
      )}
    </SettingsCard>
  );
}

const Summary = styled.p`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 1rem;
  strong {
    font-size: 1.05rem;
    font-weight: 700;
  }
  span {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.9rem;
  }
`;
const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.5rem;
  margin-top: 1rem;
`;
