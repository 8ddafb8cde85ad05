import { useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { CalendarDays, PiggyBank, Trash2, Trophy } from 'lucide-react';
import type { GoalsPageQuery } from '../../__generated__/GoalsPageQuery.graphql.ts';
import type { GoalsPage_viewer$key } from '../../__generated__/GoalsPage_viewer.graphql.ts';
import type { GoalsPageDeleteMutation } from '../../__generated__/GoalsPageDeleteMutation.graphql.ts';
import { useRouteQuery } from '../../relay/route-query.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Card, Grid } from '../../components/Card.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Progress } from '../../components/Progress.tsx';
import { formatLongDate } from '../../lib/dates.ts';
import { formatMoney, toCents } from '../../lib/money.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { AddGoalDialog } from './AddGoalDialog.tsx';
import { AddContributionDialog } from './AddContributionDialog.tsx';
import { goalCategoryLabel } from './goal-labels.ts';

export default function GoalsPage() {
  const data = useRouteQuery<GoalsPageQuery>(
    graphql`
      query GoalsPageQuery {
        viewer {
          ...GoalsPage_viewer
        }
      }
    `,
    {},
  );
  const viewer = useFragment<GoalsPage_viewer$key>(
    graphql`
      fragment GoalsPage_viewer on User {
        active: savingsGoals(completed: false, first: 200) {
          totalCount
          edges {
            node {
              id
              name
              targetAmount
              currentAmount
              remainingAmount
              progressPercent
              targetDate
              category
            }
          }
        }
        completed: savingsGoals(completed: true, first: 200) {
          totalCount
          edges {
            node {
              id
              name
              targetAmount
              currentAmount
              category
            }
          }
        }
      }
    `,
    data.viewer,
  );
  const [contributing, setContributing] = useState<{ id: string; name: string } | null>(null);
  const [confirming, setConfirming] = useState<{ id: string; name: string } | null>(null);
  const [remove, removing] = useMutationAction<GoalsPageDeleteMutation>(graphql`
    mutation GoalsPageDeleteMutation($id: ID!) {
      deleteSavingsGoal(id: $id) {
        viewer {
          ...GoalsPage_viewer
        }
      }
    }
  `);
  const deleteButton = (goal: { id: string; name: string }) => (
    <Button type="button" $variant="ghost" $size="sm" aria-label={`Delete ${goal.name}`} onClick={() => setConfirming(goal)}>
      <Trash2 aria-hidden />
    </Button>
  );
  return (
    <>
      <PageHeader title="Savings Goals" description="Save towards what matters to you." actions={<AddGoalDialog />} />
      <Section>
        <h2>Active Goals ({viewer.active.totalCount})</h2>
        {viewer.active.edges.length === 0 ? (
          <Card>
            <EmptyState icon={<PiggyBank aria-hidden />} title="No active goals" text="Create a goal and add contributions as you save." />
          </Card>
        ) : (
          <Grid $min="280px">
            {viewer.active.edges.map(({ node }) => (
              <GoalCard key={node.id} aria-label={node.name}>
                <Head>
                  <div>
                    <h3>{node.name}</h3>
                    <Badge $tone="primary">{goalCategoryLabel(node.category)}</Badge>
                  </div>
                  {deleteButton(node)}
                </Head>
                <Figures>
                  <strong>{node.progressPercent}%</strong>
                  <span>
                    {formatMoney(node.currentAmount)} of {formatMoney(node.targetAmount)}
                  </span>
                </Figures>
                <Progress value={Number(node.progressPercent)} tone="success" label={`${node.name} progress`} />
                <Meta>
                  {toCents(node.remainingAmount) > 0n && <span>{formatMoney(node.remainingAmount)} to go</span>}
                  {node.targetDate && (
                    <span>
                      <CalendarDays aria-hidden /> {formatLongDate(node.targetDate)}
                    </span>
                  )}
                </Meta>
                <Button
                  type="button"
                  $variant="secondary"
                  aria-label={`Add contribution to ${node.name}`}
                  onClick={() => setContributing({ id: node.id, name: node.name })}
                >
                  Add Contribution
                </Button>
              </GoalCard>
            ))}
          </Grid>
        )}
      </Section>
      <Section>
        <h2>Completed Goals ({viewer.completed.totalCount})</h2>
        {viewer.completed.edges.length === 0 ? (
          <Hint>Goals you reach move here.</Hint>
        ) : (
          <Grid $min="280px">
            {viewer.completed.edges.map(({ node }) => (
              <GoalCard key={node.id} aria-label={node.name} className="completed">
                <Head>
                  <div>
                    <h3>{node.name}</h3>
                    <Badge>{goalCategoryLabel(node.category)}</Badge>
                  </div>
                  {deleteButton(node)}
                </Head>
                <Achieved>
                  <Trophy aria-hidden /> Goal achieved!
                </Achieved>
                <span>
                  {formatMoney(node.currentAmount)} of {formatMoney(node.targetAmount)}
                </span>
              </GoalCard>
            ))}
          </Grid>
        )}
      </Section>
      <AddContributionDialog goal={contributing} onClose={() => setContributing(null)} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Delete goal?"
        description={`"${confirming?.name}" and its contributions will be removed.`}
        busy={removing}
        onConfirm={() =>
          confirming &&
          remove({ id: confirming.id }, { success: SUCCESS.goalDeleted, failure: FAILURE.deleteGoal, onDone: () => setConfirming(null) })
        }
      />
    </>
  );
}

const Section = styled.section`
  & + & {
    margin-top: 2rem;
  }
  & > h2 {
    font-size: 1.1rem;
    margin-bottom: 0.75rem;
  }
`;
const GoalCard = styled(Card)`
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
  & > div {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 0.35rem;
    min-width: 0;
  }
  h3 {
    font-size: 1.05rem;
    overflow-wrap: anywhere;
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
const Hint = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
`;
