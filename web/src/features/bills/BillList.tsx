import { graphql, usePaginationFragment } from 'react-relay';
import { CalendarClock } from 'lucide-react';
import type { BillList_active$key } from '../../__generated__/BillList_active.graphql.ts';
import type { BillList_inactive$key } from '../../__generated__/BillList_inactive.graphql.ts';
import type { BillListActivePaginationQuery } from '../../__generated__/BillListActivePaginationQuery.graphql.ts';
import type { BillListInactivePaginationQuery } from '../../__generated__/BillListInactivePaginationQuery.graphql.ts';
import type { BillRow_bill$key } from '../../__generated__/BillRow_bill.graphql.ts';
import type { BillDialog_viewer$key } from '../../__generated__/BillDialog_viewer.graphql.ts';
import { Card } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { List } from '../../components/TransactionRow.tsx';
import { BillRow } from './BillRow.tsx';
import type { ReactNode } from 'react';

const PAGE_SIZE = 50;

interface ListProps {
  /** The categories the edit dialog offers. */
  categories: BillDialog_viewer$key;
}

// Two fragments, one per list: a query cannot hold one fragment twice with different arguments.
// Their connections are `BillList_activeBills` and `BillList_inactiveBills` (see bill-lists.ts).

/** The active bills, soonest due first, a page at a time. */
export function ActiveBills({ bills, ...props }: ListProps & { bills: BillList_active$key }) {
  const { data, ...pages } = usePaginationFragment<BillListActivePaginationQuery, BillList_active$key>(
    graphql`
      fragment BillList_active on User
      @refetchable(queryName: "BillListActivePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
        activeBills: recurringBills(active: true, first: $count, after: $cursor) @connection(key: "BillList_activeBills") {
          edges {
            node {
              id
              ...BillRow_bill
            }
          }
        }
      }
    `,
    bills,
  );
  return (
    <BillList
      edges={data.activeBills.edges}
      empty={
        <EmptyState
          icon={<CalendarClock aria-hidden />}
          title="No active bills"
          text="Add your rent, utilities and subscriptions to see what is due."
        />
      }
      {...pages}
      {...props}
    />
  );
}

/** The inactive bills, soonest due first, a page at a time. */
export function InactiveBills({ bills, ...props }: ListProps & { bills: BillList_inactive$key }) {
  const { data, ...pages } = usePaginationFragment<BillListInactivePaginationQuery, BillList_inactive$key>(
    graphql`
      fragment BillList_inactive on User
      @refetchable(queryName: "BillListInactivePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
        inactiveBills: recurringBills(active: false, first: $count, after: $cursor) @connection(key: "BillList_inactiveBills") {
          edges {
            node {
              id
              ...BillRow_bill
            }
          }
        }
      }
    `,
    bills,
  );
  return <BillList edges={data.inactiveBills.edges} empty={<EmptyState title="No inactive bills" />} {...pages} {...props} />;
}

function BillList({
  edges,
  categories,
  empty,
  hasNext,
  isLoadingNext,
  loadNext,
}: ListProps & {
  empty: ReactNode;
  edges: readonly { node: BillRow_bill$key & { id: string } }[];
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext(count: number): unknown;
}) {
  return (
    <Card>
      {edges.length === 0 ? (
        empty
      ) : (
        <List>
          {edges.map(({ node }) => (
            <li key={node.id}>
              <BillRow bill={node} categories={categories} />
            </li>
          ))}
        </List>
      )}
      <LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} pageSize={PAGE_SIZE} />
    </Card>
  );
}
