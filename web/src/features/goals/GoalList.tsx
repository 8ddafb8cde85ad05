import type { ComponentProps, ReactNode } from 'react';
import styled from 'styled-components';
import { graphql, usePaginationFragment } from 'react-relay';
import { PiggyBank } from 'lucide-react';
import type { GoalList_active$key } from '../../__generated__/GoalList_active.graphql.ts';
import type { GoalList_completed$key } from '../../__generated__/GoalList_completed.graphql.ts';
import type { GoalListActivePaginationQuery } from '../../__generated__/GoalListActivePaginationQuery.graphql.ts';
import type { GoalListCompletedPaginationQuery } from '../../__generated__/GoalListCompletedPaginationQuery.graphql.ts';
import type { GoalCard_goal$key } from '../../__generated__/GoalCard_goal.graphql.ts';
import { Card, Grid } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { GoalCard } from './GoalCard.tsx';

const PAGE_SIZE = 24;
type Shows = Pick<ComponentProps<typeof GoalCard>, 'onShowContributions'>;

// Each list is a connection of its own, a page at a time; a goal that changes lists is moved by
// useSyncGoalLists (goal-lists.ts), which places it by `createdAt` and so needs it on every goal.

export function ActiveGoals({ viewer, onShowContributions }: { viewer: GoalList_active$key } & Shows) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<GoalListActivePaginationQuery, GoalList_active$key>(
    graphql`
      fragment GoalList_active on User
      @refetchable(queryName: "GoalListActivePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 24 }, cursor: { type: "String" }) {
        active: savingsGoals(completed: false, first: $count, after: $cursor) @connection(key: "GoalList_active") {
          totalCount
          edges {
            node {
              id
              # eslint-disable-next-line relay/unused-fields
              createdAt
              ...GoalCard_goal
            }
          }
        }
      }
    `,
    viewer,
  );
  return (
    <GoalSection
      title={`Active Goals (${data.active.totalCount})`}
      goals={data.active.edges.map((edge) => edge.node)}
      onShowContributions={onShowContributions}
      more={<LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} pageSize={PAGE_SIZE} />}
      empty={
        <Card>
          <EmptyState icon={<PiggyBank aria-hidden />} title="No active goals" text="Create a goal and add contributions as you save." />
        </Card>
      }
    />
  );
}

export function CompletedGoals({ viewer, onShowContributions }: { viewer: GoalList_completed$key } & Shows) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<GoalListCompletedPaginationQuery, GoalList_completed$key>(
    graphql`
      fragment GoalList_completed on User
      @refetchable(queryName: "GoalListCompletedPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 24 }, cursor: { type: "String" }) {
        completed: savingsGoals(completed: true, first: $count, after: $cursor) @connection(key: "GoalList_completed") {
          totalCount
          edges {
            node {
              id
              # eslint-disable-next-line relay/unused-fields
              createdAt
              ...GoalCard_goal
            }
          }
        }
      }
    `,
    viewer,
  );
  return (
    <GoalSection
      title={`Completed Goals (${data.completed.totalCount})`}
      goals={data.completed.edges.map((edge) => edge.node)}
      onShowContributions={onShowContributions}
      more={<LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} pageSize={PAGE_SIZE} />}
      empty={<Hint>Goals you reach move here.</Hint>}
    />
  );
}

function GoalSection({
  title,
  goals,
  onShowContributions,
  more,
  empty,
}: {
  title: string;
  goals: readonly ({ id: string } & GoalCard_goal$key)[];
  more: ReactNode;
  empty: ReactNode;
} & Shows) {
  return (
    <Section>
      <h2>{title}</h2>
      {goals.length === 0 ? (
        empty
      ) : (
        <Grid $min="280px">
          {goals.map((goal) => (
            <GoalCard key={goal.id} goal={goal} onShowContributions={onShowContributions} />
          ))}
        </Grid>
      )}
      {more}
    </Section>
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
const Hint = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
`;
