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
import { filterFor, type Filter, type ShownList } from './transaction-filter.ts';
import { useAccountOptions } from '../accounts/useAccountOptions.ts';
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
          ...useAccountOptions_viewer
        }
      }
    `,
    {},
  );
  const categories = useCategoryOptions(data.viewer);
  const accounts = useAccountOptions(data.viewer);
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
  const [filters, setFilters] = useState({ category: 'all', account: 'all' });
  const filter = filterFor(filters.category, filters.account);
  const filterKey = JSON.stringify(filter);
  const reload = useCallback(
    (key: string) =>
      startTransition(() => {
        refetch({ filter: JSON.parse(key) as Filter, count: PAGE_SIZE }, { fetchPolicy: 'network-only' });
      }),
    [refetch],
  );
  const choose = (next: Partial<typeof filters>) => {
    const chosen = { ...filters, ...next };
    setFilters(chosen);
    reload(JSON.stringify(filterFor(chosen.category, chosen.account)));
  };
  // The route query's live reload refreshes the unfiltered list; a filtered one refreshes itself.
  useEffect(() => (filterKey === 'null' ? undefined : onChange(() => reload(filterKey))), [filterKey, reload]);
  const [editing, setEditing] = useState<Transaction | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; description: string } | null>(null);
  const shown: ShownList = { connectionId: list.transactions.__id, filter };
  const { edges } = list.transactions;
  return (
    <>
      <PageHeader
        title="Transactions"
        description="Every expense, newest first."
        actions={<TransactionDialog categories={categories} accounts={accounts} list={shown} />}
      />
      <Card>
        <CardHeader>
          <h2>All Transactions ({list.total.totalCount})</h2>
          <Filters>
            <Field label="Filter by Category">
              <Select value={filters.category} onChange={(e) => choose({ category: e.target.value })}>
                <option value="all">All Transactions</option>
                <option value="none">Uncategorized</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            </Field>
            {accounts.accounts.length > 0 && (
              <Field label="Filter by Account">
                <Select value={filters.account} onChange={(e) => choose({ account: e.target.value })}>
                  <option value="all">All Accounts</option>
                  {accounts.accounts.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
          </Filters>
        </CardHeader>
        {edges.length === 0 ? (
          <EmptyState
            icon={<Receipt aria-hidden />}
            title="No transactions yet"
            text={filter ? 'Nothing matches these filters.' : 'Add your first expense to start tracking.'}
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
        <TransactionDialog
          categories={categories}
          accounts={accounts}
          list={shown}
          transaction={editing}
          open
          onOpenChange={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteTransactionDialog transaction={deleting} list={shown} onClose={() => setDeleting(null)} />}
    </>
  );
}

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  & > * {
    min-width: 14rem;
  }
`;
