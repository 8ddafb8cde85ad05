import styled from 'styled-components';
import { graphql, usePaginationFragment } from 'react-relay';
import { Wallet } from 'lucide-react';
import type { AccountsPageQuery } from '../../__generated__/AccountsPageQuery.graphql.ts';
import type { AccountsPage_viewer$key } from '../../__generated__/AccountsPage_viewer.graphql.ts';
import type { AccountsPagePaginationQuery } from '../../__generated__/AccountsPagePaginationQuery.graphql.ts';
import { useRouteQuery } from '../../relay/route-query.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Card, Grid } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { formatMoney, isNegative } from '../../lib/money.ts';
import { plural } from '../../lib/plural.ts';
import { AccountCard } from './AccountCard.tsx';
import { AccountDialog } from './AccountDialog.tsx';
import { TransferDialog } from './TransferDialog.tsx';
import { useAccountOptions } from './use-account-options.ts';

const PAGE_SIZE = 50;

export default function AccountsPage() {
  const data = useRouteQuery<AccountsPageQuery>(
    graphql`
      query AccountsPageQuery {
        viewer {
          ...AccountsPage_viewer
          ...useAccountOptions_viewer
        }
      }
    `,
    {},
  );
  const {
    data: viewer,
    hasNext,
    isLoadingNext,
    loadNext,
  } = usePaginationFragment<AccountsPagePaginationQuery, AccountsPage_viewer$key>(
    graphql`
      fragment AccountsPage_viewer on User
      @refetchable(queryName: "AccountsPagePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
        totalBalance
        # The count apart from the list, so that the mutations that move it can select it.
        accountCount: accounts(first: 0) {
          totalCount
        }
        accounts(first: $count, after: $cursor) @connection(key: "AccountsPage_accounts") {
          __id
          edges {
            node {
              id
              ...AccountCard_account
            }
          }
        }
      }
    `,
    data.viewer,
  );
  const connection = viewer.accounts.__id;
  const accounts = useAccountOptions(data.viewer);
  const count = viewer.accountCount.totalCount;
  return (
    <>
      <PageHeader
        title="Accounts"
        description="Your bank accounts, cards, cash and investments."
        actions={
          count > 0 && (
            <>
              <TransferDialog from={accounts.defaultId} accounts={accounts.accounts} />
              <AccountDialog connection={connection} />
            </>
          )
        }
      />
      <TotalCard aria-label="Total Balance">
        <span>Total Balance</span>
        <strong className={isNegative(viewer.totalBalance) ? 'negative' : undefined}>{formatMoney(viewer.totalBalance)}</strong>
        <small>Across {plural(count, 'account')}</small>
      </TotalCard>
      {count === 0 ? (
        <Card>
          <EmptyState
            icon={<Wallet aria-hidden />}
            title="No accounts yet"
            text="Add your bank accounts, cards and cash to see your total balance."
            action={<AccountDialog connection={connection} triggerLabel="Add First Account" />}
          />
        </Card>
      ) : (
        <Grid $min="260px">
          {viewer.accounts.edges.map(({ node }) => (
            <AccountCard key={node.id} account={node} connection={connection} />
          ))}
        </Grid>
      )}
      <LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} pageSize={PAGE_SIZE} />
    </>
  );
}

const TotalCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 0.2rem;
  margin-bottom: 1.5rem;
  background: linear-gradient(135deg, ${({ theme }) => theme.color.primarySoft}, ${({ theme }) => theme.color.surface});
  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: 600;
    font-size: 0.9rem;
  }
  strong {
    font-size: 2rem;
    font-weight: 800;
    font-variant-numeric: tabular-nums;
  }
  .negative {
    color: ${({ theme }) => theme.color.danger};
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
