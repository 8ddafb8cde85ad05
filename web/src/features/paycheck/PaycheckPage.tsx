import styled from 'styled-components';
import { graphql, usePaginationFragment } from 'react-relay';
import { Wallet } from 'lucide-react';
import type { PaycheckPageQuery } from '../../__generated__/PaycheckPageQuery.graphql.ts';
import type { PaycheckPage_viewer$key } from '../../__generated__/PaycheckPage_viewer.graphql.ts';
import type { PaycheckPagePaginationQuery } from '../../__generated__/PaycheckPagePaginationQuery.graphql.ts';
import { useRouteQuery } from '../../relay/route-query.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Card, CardHeader } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { List } from '../../components/TransactionRow.tsx';
import { AddPaycheckForm } from './AddPaycheckForm.tsx';
import { PaycheckRow } from './PaycheckRow.tsx';
import { useAccountOptions } from '../accounts/use-account-options.ts';

const PAGE_SIZE = 50;

export default function PaycheckPage() {
  const data = useRouteQuery<PaycheckPageQuery>(
    graphql`
      query PaycheckPageQuery {
        viewer {
          ...PaycheckPage_viewer
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
  } = usePaginationFragment<PaycheckPagePaginationQuery, PaycheckPage_viewer$key>(
    graphql`
      fragment PaycheckPage_viewer on User
      @refetchable(queryName: "PaycheckPagePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
        paychecks(first: $count, after: $cursor) @connection(key: "PaycheckPage_paychecks") {
          __id
          edges {
            node {
              id
              ...PaycheckRow_paycheck
            }
          }
        }
      }
    `,
    data.viewer,
  );
  const { __id: connection, edges } = viewer.paychecks;
  const accounts = useAccountOptions(data.viewer);
  return (
    <>
      <PageHeader title="Add Paycheck" description="Log your income as it comes in." />
      <Columns>
        <AddPaycheckForm accounts={accounts} />
        <Card>
          <CardHeader>
            <h2>Recent Paychecks</h2>
          </CardHeader>
          {edges.length === 0 ? (
            <EmptyState icon={<Wallet aria-hidden />} title="No paychecks yet" text="Add your first paycheck to start budgeting." />
          ) : (
            <List>
              {edges.map(({ node }) => (
                <PaycheckRow key={node.id} paycheck={node} connection={connection} accounts={accounts.accounts} />
              ))}
            </List>
          )}
          <LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} pageSize={PAGE_SIZE} />
        </Card>
      </Columns>
    </>
  );
}

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  gap: 1.25rem;
  align-items: start;
  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;
