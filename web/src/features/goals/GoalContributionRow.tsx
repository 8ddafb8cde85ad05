import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Trash2 } from 'lucide-react';
import type { GoalContributionRow_contribution$key } from '../../__generated__/GoalContributionRow_contribution.graphql.ts';
import type { GoalContributionRowDeleteMutation } from '../../__generated__/GoalContributionRowDeleteMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { ListRow } from '../../components/TransactionRow.tsx';
import { formatLongDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { useSyncGoalLists } from './goal-lists.ts';

/**
 * One contribution to `goal`: its day, notes and amount, and its delete button. Deleting it takes
 * it out of the list (`connection`) and lowers the goal, which the payload brings back.
 */
export function GoalContributionRow({
  contribution: contributionKey,
  goal,
  connection,
}: {
  contribution: GoalContributionRow_contribution$key;
  goal: { id: string; name: string };
  connection: string;
}) {
  const contribution = useFragment(
    graphql`
      fragment GoalContributionRow_contribution on GoalContribution {
        id
        amount
        contributionDate
        notes
      }
    `,
    contributionKey,
  );
  const [confirming, setConfirming] = useState(false);
  const sync = useSyncGoalLists();
  const [remove, removing] = useMutationAction<GoalContributionRowDeleteMutation>(graphql`
    mutation GoalContributionRowDeleteMutation($id: ID!, $connections: [ID!]!) {
      deleteGoalContribution(id: $id) {
        deletedId @deleteEdge(connections: $connections)
        goal {
          ...GoalCard_goal
        }
      }
    }
  `);
  const name = `${formatMoney(contribution.amount)} on ${formatLongDate(contribution.contributionDate)}`;
  return (
    <>
      <ListRow
        title={formatLongDate(contribution.contributionDate)}
        details={contribution.notes}
        amount={formatMoney(contribution.amount)}
        actions={
          <Button
            type="button"
            $variant="ghost"
            $size="sm"
            aria-label={`Delete contribution of ${name}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden />
          </Button>
        }
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete contribution?"
        description={`${name} will be taken off "${goal.name}".`}
        busy={removing}
        onConfirm={() =>
          remove(
            { id: contribution.id, connections: [connection] },
            {
              success: SUCCESS.contributionDeleted,
              failure: FAILURE.deleteContribution,
              onDone: () => {
                setConfirming(false);
                sync(goal.id);
              },
            },
          )
        }
      />
    </>
  );
}
