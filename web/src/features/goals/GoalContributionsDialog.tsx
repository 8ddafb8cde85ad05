import { Suspense } from 'react';
import styled from 'styled-components';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { HandCoins } from 'lucide-react';
import type { GoalContributionsDialogQuery } from '../../__generated__/GoalContributionsDialogQuery.graphql.ts';
import type { GoalContributionsDialog_goal$key } from '../../__generated__/GoalContributionsDialog_goal.graphql.ts';
import type { GoalContributionsDialogPaginationQuery } from '../../__generated__/GoalContributionsDialogPaginationQuery.graphql.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { List } from '../../components/TransactionRow.tsx';
import { GoalContributionRow } from './GoalContributionRow.tsx';

const PAGE_SIZE = 20;

/** A goal's contributions, newest first, each with its delete button (mounted while open). */
export function GoalContributionsDialog({ goal, onClose }: { goal: { id: string; name: string }; onClose(): void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Contributions" description={`Towards ${goal.name}`}>
      <Scroll>
        <Suspense
          fallback={
            <Loading aria-busy="true" aria-label="Loading">
              <Skeleton $h="3rem" />
              <Skeleton $h="3rem" />
            </Loading>
          }
        >
          <Contributions goal={goal} />
        </Suspense>
      </Scroll>
    </Dialog>
  );
}

function Contributions({ goal }: { goal: { id: string; name: string } }) {
  // Loaded when opened, and again from the server each time: the store's copy shows meanwhile.
  const { node } = useLazyLoadQuery<GoalContributionsDialogQuery>(
    graphql`
      query GoalContributionsDialogQuery($id: ID!) {
        node(id: $id) {
          ...GoalContributionsDialog_goal @alias(as: "goal")
        }
      }
    `,
    { id: goal.id },
    { fetchPolicy: 'store-and-network' },
  );
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    GoalContributionsDialogPaginationQuery,
    GoalContributionsDialog_goal$key
  >(
    graphql`
      fragment GoalContributionsDialog_goal on SavingsGoal
      @refetchable(queryName: "GoalContributionsDialogPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
        contributions(first: $count, after: $cursor) @connection(key: "GoalContributions_contributions") {
          __id
          edges {
            node {
              id
              ...GoalContributionRow_contribution
            }
          }
        }
      }
    `,
    node?.goal ?? null,
  );
  const edges = data?.contributions.edges ?? [];
  if (edges.length === 0)
    return <EmptyState icon={<HandCoins aria-hidden />} title="No contributions yet" text="Money you add to this goal is listed here." />;
  return (
    <>
      <List aria-label={`Contributions to ${goal.name}`}>
        {edges.map(({ node: contribution }) => (
          <li key={contribution.id}>
            <GoalContributionRow contribution={contribution} goal={goal} connection={data!.contributions.__id} />
          </li>
        ))}
      </List>
      <LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} pageSize={PAGE_SIZE} />
    </>
  );
}

/* The list scrolls between the dialog's fixed title and its edge. */
const Scroll = styled.div`
  min-height: 0;
  overflow-y: auto;
`;
const Loading = styled.div`
  display: grid;
  gap: 0.5rem;
`;
