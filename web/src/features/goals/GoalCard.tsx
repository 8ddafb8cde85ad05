import { useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { CalendarDays, History, Pencil, Trash2, Trophy } from 'lucide-react';
import type { GoalCard_goal$key } from '../../__generated__/GoalCard_goal.graphql.ts';
import type { GoalCardDeleteMutation } from '../../__generated__/GoalCardDeleteMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Progress } from '../../components/Progress.tsx';
import { formatLongDate } from '../../lib/dates.ts';
import { formatMoney, toCents } from '../../lib/money.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { AddContributionDialog } from './AddContributionDialog.tsx';
import { GoalDialog } from './GoalDialog.tsx';
import { goalCategoryLabel } from './goal-labels.ts';
import { useSyncGoalLists } from './goal-lists.ts';
import { wholeWords } from '../../components/text.ts';

type Opened = 'edit' | 'contribute' | 'delete' | null;

/**
 * One goal: its progress while active, "Goal achieved!" once completed. Its buttons, named by the
 * goal, open its dialogs (each mounted only while open, so it starts from the goal's current
 * values); its contributions open through `onShowContributions`, in a dialog that stays open when
 * a deleted contribution moves the goal to the other list (and this card with it).
 */
export function GoalCard({
  goal: goalKey,
  onShowContributions,
}: {
  goal: GoalCard_goal$key;
  onShowContributions(goal: { id: string; name: string }): void;
}) {
  const goal = useFragment(
    graphql`
      fragment GoalCard_goal on SavingsGoal {
        id
        name
        targetAmount
        currentAmount
        remainingAmount
        progressPercent
        targetDate
        category
        isCompleted
        ...GoalDialog_goal
      }
    `,
    goalKey,
  );
  const [opened, setOpened] = useState<Opened>(null);
  const closeOn = (open: boolean) => !open && setOpened(null);
  const sync = useSyncGoalLists();
  const [remove, removing] = useMutationAction<GoalCardDeleteMutation>(graphql`
    mutation GoalCardDeleteMutation($id: ID!) {
      deleteSavingsGoal(id: $id) {
        deletedId
      }
    }
  `);
  const amounts = `${formatMoney(goal.currentAmount)} of ${formatMoney(goal.targetAmount)}`;
  return (
    <Frame aria-label={goal.name} className={goal.isCompleted ? 'completed' : undefined}>
      <Head>
        <div>
          <h3>{goal.name}</h3>
          <Badge $tone={goal.isCompleted ? undefined : 'primary'}>{goalCategoryLabel(goal.category)}</Badge>
        </div>
        <span>
          <Button type="button" $variant="ghost" $size="sm" aria-label={`Edit ${goal.name}`} onClick={() => setOpened('edit')}>
            <Pencil aria-hidden />
          </Button>
          <Button type="button" $variant="ghost" $size="sm" aria-label={`Delete ${goal.name}`} onClick={() => setOpened('delete')}>
            <Trash2 aria-hidden />
          </Button>
        </span>
      </Head>
      {goal.isCompleted ? (
        <>
          <Achieved>
            <Trophy aria-hidden /> Goal achieved!
          </Achieved>
          <span>{amounts}</span>
        </>
      ) : (
        <>
          <Figures>
            <strong>{goal.progressPercent}%</strong>
            <span>{amounts}</span>
          </Figures>
          <Progress value={Number(goal.progressPercent)} tone="success" label={`${goal.name} progress`} />
          <Meta>
            {toCents(goal.remainingAmount) > 0n && <span>{formatMoney(goal.remainingAmount)} to go</span>}
            {goal.targetDate && (
              <span>
                <CalendarDays aria-hidden /> {formatLongDate(goal.targetDate)}
              </span>
            )}
          </Meta>
        </>
      )}
      <Actions>
        {!goal.isCompleted && (
          <Button
            type="button"
            $variant="secondary"
            aria-label={`Add contribution to ${goal.name}`}
            onClick={() => setOpened('contribute')}
          >
            Add Contribution
          </Button>
        )}
        <Button type="button" $variant="ghost" aria-label={`Contributions to ${goal.name}`} onClick={() => onShowContributions(goal)}>
          <History aria-hidden /> Contributions
        </Button>
      </Actions>
      {opened === 'edit' && <GoalDialog goal={goal} open onOpenChange={closeOn} />}
      {opened === 'contribute' && <AddContributionDialog goal={goal} onClose={() => setOpened(null)} />}
      <ConfirmDialog
        open={opened === 'delete'}
        onOpenChange={closeOn}
        title="Delete goal?"
        description={`"${goal.name}" and its contributions will be removed.`}
        busy={removing}
        onConfirm={() =>
          remove(
            { id: goal.id },
            {
              success: SUCCESS.goalDeleted,
              failure: FAILURE.deleteGoal,
              onDone: () => {
                setOpened(null);
                sync(goal.id, true);
              },
            },
          )
        }
      />
    </Frame>
  );
}

const Frame = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  &.completed {
    border-color: ${({ theme }) => theme.color.success};
  }
`;
const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 0.5rem;
  & > div {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 0.35rem;
    min-width: 0;
  }
  & > span {
    display: flex;
    flex: none;
  }
  h3 {
    font-size: 1.05rem;
    ${wholeWords}
  }
`;
const Figures = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 0.5rem;
  strong {
    font-size: 1.5rem;
    font-weight: 800;
    font-variant-numeric: tabular-nums;
  }
  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.9rem;
    font-variant-numeric: tabular-nums;
  }
`;
const Meta = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 0.5rem;
  flex-wrap: wrap;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.85rem;
  span {
    display: inline-flex;
    align-items: center;
    gap: 0.3rem;
  }
  svg {
    width: 0.95rem;
    height: 0.95rem;
  }
`;
const Achieved = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  color: ${({ theme }) => theme.color.success};
  font-weight: 700;
  svg {
    width: 1.2rem;
    height: 1.2rem;
  }
`;
/* Pushed to the card's foot, so the buttons of a row of cards line up. */
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: auto;
  & > * {
    flex: 1 1 auto;
  }
`;
