import { startTransition, useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment, usePaginationFragment } from 'react-relay';
import { Receipt, Trash2 } from 'lucide-react';
import type { TransactionsPageQuery } from '../../__generated__/TransactionsPageQuery.graphql.ts';
import type { TransactionsPage_list$key } from '../../__generated__/TransactionsPage_list.graphql.ts';
import type { TransactionsPage_categories$key } from '../../__generated__/TransactionsPage_categories.graphql.ts';
import type { TransactionsPageDeleteMutation } from '../../__generated__/TransactionsPageDeleteMutation.graphql.ts';
import type { TransactionsPagePaginationQuery } from '../../__generated__/TransactionsPagePaginationQuery.graphql.ts';
import { useRouteQuery } from '../../relay/route-query.ts';
import { onChange } from '../../relay/live-changes.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Card, CardHeader } from '../../components/Card.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Field, Select } from '../../components/Form.tsx';
import { List, TransactionLine } from '../../components/TransactionRow.tsx';
import { formatShortDate } from '../../lib/dates.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { AddTransactionDialog } from './AddTransactionDialog.tsx';

const PAGE_SIZE = 50;
type Filter = { categoryId?: string; uncategorized?: boolean } | null;
const filterFor = (value: string): Filter => (value === 'all' ? null : value === 'none' ? { uncategorized: true } : { categoryId: value });

export default function TransactionsPage() {
  const data = useRouteQuery<TransactionsPageQuery>(
    graphql`
      query TransactionsPageQuery {
        viewer {
          ...TransactionsPage_list
          ...TransactionsPage_categories
          ...AddTransactionDialog_viewer
        }
      }
    `,
    {},
  );
  const categories = useFragment<TransactionsPage_categories$key>(
    graphql`
      fragment TransactionsPage_categories on User {
        budgetCategories(first: 200) {
          edges {
            node {
              id
              name
            }
          }
        }
      }
    `,
    data.viewer,
  ).budgetCategories.edges.map((e) => e.node);
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
        transactions(first: $count, after: $cursor, filter: $filter)
          @connection(key: "TransactionsPage_transactions", filters: ["filter"]) {
          totalCount
          edges {
            node {
              id
              description
              date
              amount
              category {
                name
              }
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
  const [confirming, setConfirming] = useState<{ id: string; description: string } | null>(null);
  const [remove, removing] = useMutationAction<TransactionsPageDeleteMutation>(graphql`
    mutation TransactionsPageDeleteMutation($id: ID!) {
      deleteTransaction(id: $id) {
        deletedId @deleteRecord
      }
    }
  `);
  const transactions = list.transactions;
  return (
    <>
      <PageHeader
        title="Transactions"
        description="Every expense, newest first."
        actions={<AddTransactionDialog viewer={data.viewer} onAdded={() => reload(filterValue)} />}
      />
      <Card>
        <CardHeader>
          <h2>All Transactions ({transactions.totalCount})</h2>
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
        {transactions.edges.length === 0 ? (
          <EmptyState
            icon={<Receipt aria-hidden />}
            title="No transactions yet"
            text={filterValue === 'all' ? 'Add your first expense to start tracking.' : 'Nothing in this category.'}
          />
        ) : (
          <List>
            {transactions.edges.map(({ node }) => (
              <li key={node.id}>
                <TransactionLine
                  description={node.description}
                  date={node.date}
                  amount={node.amount}
                  category={node.category}
                  actions={
                    <Button
                      type="button"
                      $variant="ghost"
                      $size="sm"
                      aria-label={`Delete ${node.description} of ${formatShortDate(node.date)}`}
                      onClick={() => setConfirming({ id: node.id, description: node.description })}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  }
                />
              </li>
            ))}
          </List>
        )}
        {hasNext && (
          <More>
            <Button type="button" $variant="secondary" disabled={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>
              {isLoadingNext ? 'Loading…' : 'Load more'}
            </Button>
          </More>
        )}
      </Card>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Delete transaction?"
        description={`"${confirming?.description}" will be removed.`}
        busy={removing}
        onConfirm={() =>
          confirming &&
          remove(
            { id: confirming.id },
            {
              success: SUCCESS.transactionDeleted,
              failure: FAILURE.deleteTransaction,
              onDone: () => {
                setConfirming(null);
                reload(filterValue);
              },
            },
          )
        }
      />
    </>
  );
}

const FilterBox = styled.div`
  min-width: 14rem;
`;
const More = styled.div`
  display: flex;
  justify-content: center;
  padding-top: 1rem;
`;
