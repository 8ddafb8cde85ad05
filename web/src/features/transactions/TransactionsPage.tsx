import { startTransition, useState } from 'react';
import styled from 'styled-components';
import { graphql, usePaginationFragment } from 'react-relay';
import { Receipt, SearchX, Wand2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { TransactionsPageQuery } from '../../__generated__/TransactionsPageQuery.graphql.ts';
import type { TransactionsPage_list$data, TransactionsPage_list$key } from '../../__generated__/TransactionsPage_list.graphql.ts';
import type { TransactionsPagePaginationQuery } from '../../__generated__/TransactionsPagePaginationQuery.graphql.ts';
import { useRouteQuery } from '../../relay/route-query.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Card, CardHeader } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { TransactionRow } from '../../components/TransactionRow.tsx';
import { WindowedList } from '../../components/WindowedList.tsx';
import { formatMoney } from '../../lib/money.ts';
import { BulkActions } from './BulkActions.tsx';
import { DeleteTransactionDialog } from './DeleteTransactionDialog.tsx';
import { TransactionDialog } from './TransactionDialog.tsx';
import { useReconciledGuard } from '../accounts/reconciled-guard.tsx';
import { NO_FILTERS, TransactionFilters } from './TransactionFilters.tsx';
import { type ShownList } from './transaction-filter.ts';
import { useFilterUrl } from './use-filter-url.ts';
import { useSelection } from './use-selection.ts';
import { useCategoryOptions } from '../budget/use-category-options.ts';
import { useAccountOptions } from '../accounts/use-account-options.ts';
import { usePayeeOptions } from '../payees/use-payee-options.ts';
import { ImportDialog } from '../imports/ImportDialog.tsx';
import { AccountNotFound } from '../accounts/AccountNotFound.tsx';
import { Button, LinkButton } from '../../components/Button.tsx';
import { RuleSuggestion } from '../rules/RuleSuggestion.tsx';

const PAGE_SIZE = 50;
// The pages after the first are larger (the server's most): a long scroll waits on fewer round trips.
const NEXT_PAGE_SIZE = 200;
/** A row's height on a wide screen, until it has been drawn and measured. */
const ROW_HEIGHT = 66;
type Transaction = TransactionsPage_list$data['transactions']['edges'][number]['node'];

/**
 * Transactions (docs/product.md#transactions): every expense and refund, newest first, found by the filters
 * in the URL; the count and the sum of what they match; rows chosen for bulk changes.
 */
export default function TransactionsPage() {
  const { listed, wanted, change } = useFilterUrl();
  const { filter } = listed;
  const data = useRouteQuery<TransactionsPageQuery>(
    graphql`
      query TransactionsPageQuery($filter: TransactionFilter) {
        viewer {
          ...TransactionsPage_list @arguments(filter: $filter)
          ...useCategoryOptions_viewer
          ...useAccountOptions_viewer
          ...usePayeeOptions_viewer
        }
      }
    `,
    { filter },
  );
  const categories = useCategoryOptions(data.viewer);
  const accounts = useAccountOptions(data.viewer);
  const payees = usePayeeOptions(data.viewer);
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
        # The figures on their own, so that a mutation's payload can bring them up to date.
        summary: transactionSummary(filter: $filter) {
          count
          total
        }
        transactions(first: $count, after: $cursor, filter: $filter)
          @connection(key: "TransactionsPage_transactions", filters: ["filter"]) {
          __id
          edges {
            node {
              id
              status
              ...TransactionRow_transaction
              ...TransactionDialog_transaction
            }
          }
        }
      }
    `,
    data.viewer,
  );
  const [editing, setEditing] = useState<Transaction | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; description: string } | null>(null);
  // The transaction just re-categorised: a rule may be offered for its payee (docs/product.md#rules).
  const [asking, setAsking] = useState<string | null>(null);
  const [guarded, askFirst] = useReconciledGuard();
  const shown: ShownList = { connectionId: list.transactions.__id, filter };
  const { edges } = list.transactions;
  const ids = edges.map((e) => e.node.id);
  const selection = useSelection(ids, JSON.stringify(filter));
  const reload = () =>
    startTransition(() => {
      refetch({ filter, count: PAGE_SIZE }, { fetchPolicy: 'network-only' });
    });
  // An account in the URL that is none of the user's (a raw or mistyped id, a deleted account).
  const { accountId } = wanted.values;
  const accountMissing = accountId !== '' && !accounts.accounts.some((a) => a.id === accountId);
  return (
    <>
      <PageHeader
        title="Transactions"
        description="Every expense and refund, newest first."
        actions={
          <>
            <ImportDialog accounts={accounts} categories={categories} onImported={reload} />
            <LinkButton as={Link} to="/rules" $variant="secondary">
              <Wand2 aria-hidden /> Rules
            </LinkButton>
            <TransactionDialog categories={categories} accounts={accounts} list={shown} />
          </>
        }
      />
      {asking && <RuleSuggestion key={asking} transactionId={asking} onDone={() => setAsking(null)} />}
      <Card>
        <TransactionFilters
          values={wanted.values}
          errors={wanted.errors}
          categories={categories}
          accounts={accounts.accounts}
          payees={payees}
          onChange={change}
        />
      </Card>
      {accountMissing ? (
        <ListCard>
          <AccountNotFound what="This list" onShowAll={() => change({ accountId: '' })} />
        </ListCard>
      ) : (
        <ListCard>
          <CardHeader>
            <h2>All Transactions ({list.summary.count})</h2>
            <Total aria-label="Total of these transactions">
              Total <strong>{formatMoney(list.summary.total)}</strong>
            </Total>
          </CardHeader>
          <BulkActions
            selection={selection}
            matching={list.summary.count}
            filter={filter}
            categories={categories}
            onDone={reload}
            onRecategorised={setAsking}
          />
          {edges.length === 0 && filter ? (
            <EmptyState
              icon={<SearchX aria-hidden />}
              title="Nothing matches these filters"
              text="Try other words, days or amounts."
              action={
                <Button type="button" $variant="secondary" onClick={() => change(NO_FILTERS)}>
                  Show all transactions
                </Button>
              }
            />
          ) : edges.length === 0 ? (
            <EmptyState icon={<Receipt aria-hidden />} title="No transactions yet" text="Add your first expense to start tracking." />
          ) : (
            <WindowedList
              label="Transactions"
              keys={ids}
              setSize={hasNext ? list.summary.count : edges.length}
              estimate={ROW_HEIGHT}
              row={(index, place) => {
                const { node } = edges[index]!;
                return (
                  <TransactionRow
                    key={node.id}
                    place={place}
                    transaction={node}
                    onEdit={() => guarded(node.status === 'RECONCILED', 'edit', () => setEditing(node))}
                    onDelete={(t) => guarded(node.status === 'RECONCILED', 'delete', () => setDeleting(t))}
                    selected={selection.isChosen(node.id)}
                    onSelect={(range) => selection.toggle(index, range)}
                  />
                );
              }}
            />
          )}
          <LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} pageSize={NEXT_PAGE_SIZE} ahead />
        </ListCard>
      )}
      {editing && (
        <TransactionDialog
          categories={categories}
          accounts={accounts}
          list={shown}
          transaction={editing}
          open
          onOpenChange={() => setEditing(null)}
          onSaved={({ recategorised }) => recategorised && setAsking(editing.id)}
        />
      )}
      {askFirst}
      {deleting && <DeleteTransactionDialog transaction={deleting} list={shown} onClose={() => setDeleting(null)} />}
    </>
  );
}

const ListCard = styled(Card)`
  margin-top: 1rem;
`;
const Total = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  strong {
    color: ${({ theme }) => theme.color.text};
    font-variant-numeric: tabular-nums;
  }
`;
