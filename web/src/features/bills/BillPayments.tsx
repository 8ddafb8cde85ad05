import { Suspense, useState } from 'react';
import styled from 'styled-components';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import type { BillPaymentsQuery } from '../../__generated__/BillPaymentsQuery.graphql.ts';
import type { BillPayments_bill$key } from '../../__generated__/BillPayments_bill.graphql.ts';
import type { BillPaymentsPaginationQuery } from '../../__generated__/BillPaymentsPaginationQuery.graphql.ts';
import { changesHeard } from '../../relay/changes-heard.ts';
import { useRefetchOnChange } from '../../relay/route-query.ts';
import { Button } from '../../components/Button.tsx';
import { List } from '../../components/TransactionRow.tsx';
import { PaymentRow } from './PaymentRow.tsx';

const PAGE_SIZE = 10;

/**
 * A bill's payment history, newest first, a page at a time. Loaded when the row opens it (the
 * bills list does not carry every bill's payments), and asked again when the user's data changes
 * elsewhere: the changes heard are counted from here, before the history's query starts, so that
 * none heard while it loads is missed.
 */
export function BillPayments({ id, billId, billName }: { id: string; billId: string; billName: string }) {
  const [since] = useState(changesHeard);
  return (
    <Panel id={id} aria-label={`Payments of ${billName}`}>
      <Suspense fallback={<Muted>Loading payments…</Muted>}>
        <History billId={billId} billName={billName} since={since} />
      </Suspense>
    </Panel>
  );
}

const QUERY = graphql`
  query BillPaymentsQuery($id: ID!) {
    node(id: $id) {
      ...BillPayments_bill @alias(as: "bill")
    }
  }
`;

function History({ billId, billName, since }: { billId: string; billName: string; since: number }) {
  const { node } = useLazyLoadQuery<BillPaymentsQuery>(QUERY, { id: billId }, { fetchPolicy: 'store-and-network' });
  useRefetchOnChange<BillPaymentsQuery>(QUERY, { id: billId }, since);
  return node?.bill ? <PaymentList bill={node.bill} billName={billName} /> : null;
}

function PaymentList({ bill, billName }: { bill: BillPayments_bill$key; billName: string }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<BillPaymentsPaginationQuery, BillPayments_bill$key>(
    graphql`
      fragment BillPayments_bill on RecurringBill
      @refetchable(queryName: "BillPaymentsPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
        payments(first: $count, after: $cursor) @connection(key: "BillPayments_payments") {
          __id
          edges {
            node {
              id
              ...PaymentRow_payment
            }
          }
        }
      }
    `,
    bill,
  );
  const { __id: connection, edges } = data.payments;
  if (edges.length === 0) return <Muted>No payments yet.</Muted>;
  return (
    <>
      <List>
        {edges.map(({ node }) => (
          <li key={node.id}>
            <PaymentRow payment={node} billName={billName} connection={connection} />
          </li>
        ))}
      </List>
      {hasNext && (
        <Button
          type="button"
          $variant="secondary"
          $size="sm"
          aria-label={`Load more payments of ${billName}`}
          disabled={isLoadingNext}
          onClick={() => loadNext(PAGE_SIZE)}
        >
          {isLoadingNext ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </>
  );
}

const Panel = styled.section`
  margin: 0 0.25rem 0.75rem;
  padding: 0.25rem 0.75rem;
  border-left: 3px solid ${({ theme }) => theme.color.border};
  & > button {
    margin: 0.5rem 0;
  }
`;
const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
  padding: 0.4rem 0;
`;
