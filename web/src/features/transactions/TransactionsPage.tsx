import { startTransition, useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { graphql, usePaginationFragment } from 'react-relay';
import { Receipt } from 'lucide-react';
import type { TransactionsPageQuery } from '../../__generated__/TransactionsPageQuery.graphql.ts';
import type { TransactionsPage_list$data, TransactionsPage_list$key } from '../../__generated__/TransactionsPage_list.graphql.ts';
import type { TransactionsPagePaginationQuery } from '../../__generated__/TransactionsPagePaginationQuery.graphql.ts';
import { useRouteQuery } from '../../relay/route-query.ts';
import { onChange } from '../../relay/live-changes.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Card, CardHeader } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Field, Select } from '../../components/Form.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { List, TransactionRow } from '../../components/TransactionRow.tsx';
import { DeleteTransactionDialog } from './DeleteTransactionDialog.tsx';
import { TransactionDialog } from './TransactionDialog.tsx';
import { filterFor, type ShownList } from './transaction-filter.ts';
import { useCategoryOptions } from '../budget/useCategoryOptions.ts';

const PAGE_SIZE = 50;
type Transaction = TransactionsPage_list$data['transactions']['edges'][number]['node'];

export default function TransactionsPage() {
  const data = useRouteQuery<TransactionsPageQuery>(
    graphql`
      query TransactionsPageQuery {
        viewer {
          ...TransactionsPage_list
          ...useCategoryOptions_viewer
        }
      }
    `,
    {},
  );
  const categories = useCategoryOptions(data.viewer);
  const {
    data: list,
    loadNext,
    hasNext,
    isLoadingNext,
    refetch,
  } = usePaginationFragment<TransactionsPagePaginationQuery, TransactionsPage_list$key>(
    graphql`
      fragment TransactionsPage_list on User
      @refetchable(queryName: "TransactionsPagePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }, filter: { type: "TransactionFilter" }) {
        # The count on its own, so that a mutation's payload can bring it up to date.
        total: transactions(first: 0, filter: $filter) {
          totalCount
        }
        transactions(first: $count, after: $cursor, filter: $filter)
          @connection(key: "TransactionsPage_transactions", filters: ["filter"]) {
          __id
          edges {
            node {
              id
              ...TransactionRow_transaction
              ...TransactionDialog_transaction
            }
          }
        }
      }
    `,
    data.viewer,
  );
  const [filterValue, setFilterValue] = useState('all');
  const reload = useCallback(
    (value: string) =>
      startTransition(() => {
        refetch({ filter: filterFor(value), count: PAGE_SIZE }, { fetchPolicy: 'network-only' });
      }),
    [refetch],
  );
  // The route query's live reload refreshes the unfiltered list; a filtered one refreshes itself.
  useEffect(() => (filterValue === 'all' ? undefined : onChange(() => reload(filterValue))), [filterValue, reload]);
  const [editing, setEditing] = useState<Transaction | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; description: string } | null>(null);
  const shown: ShownList = { connectionId: list.transactions.__id, filter: filterFor(filterValue) };
  const { edges } = list.transactions;
  return (
    <>
      <PageHeader
        title="Transactions"
        description="Every expense, newest first."
        actions={<TransactionDialog categories={categories} list={shown} />}
      />
      <Card>
        <CardHeader>
          <h2>All Transactions ({list.total.totalCount})</h2>
          <FilterBox>
            <Field label="Filter by Category">
              <Select
                value={filterValue}
                onChange={(e) => {
                  setFilterValue(e.target.value);
                  reload(e.target.value);
                }}
              >
                <option value="all">All Transactions</option>
                <option value="none">Uncategorized</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            </Field>
          </FilterBox>
        </CardHeader>
        {edges.length === 0 ? (
          <EmptyState
            icon={<Receipt aria-hidden />}
            title="No transactions yet"
            text={filterValue === 'all' ? 'Add your first expense to start tracking.' : 'Nothing in this category.'}
          />
        ) : (
          <List>
            {edges.map(({ node }) => (
              <TransactionRow key={node.id} transaction={node} onEdit={() => setEditing(node)} onDelete={setDeleting} />
            ))}
          </List>
        )}
        <LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} pageSize={PAGE_SIZE} />
      </Card>
      {editing && (
        <TransactionDialog categories={categories} list={shown} transaction={editing} open onOpenChange={() => setEditing(null)} />
      )}
      {deleting && <DeleteTransactionDialog transaction={deleting} list={shown} onClose={() => setDeleting(null)} />}
    </>
  );
}

const FilterBox = styled.div`
  min-width: 14rem;
`;
