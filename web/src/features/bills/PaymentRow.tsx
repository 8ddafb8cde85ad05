import { useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { Trash2 } from 'lucide-react';
import type { PaymentRow_payment$key } from '../../__generated__/PaymentRow_payment.graphql.ts';
import type { PaymentRowDeleteMutation } from '../../__generated__/PaymentRowDeleteMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { formatShortDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { placeBill } from './bill-lists.ts';
import { wholeWords } from '../../components/text.ts';

/**
 * One payment of a bill's history, with Delete: the payment and its expense go, and the bill
 * (its next due date moved back when this was its latest payment) comes back with its row's
 * fragment, and moves to that date's place in its list.
 */
export function PaymentRow({ payment, billName, connection }: { payment: PaymentRow_payment$key; billName: string; connection: string }) {
  const p = useFragment(
    graphql`
      fragment PaymentRow_payment on BillPayment {
        id
        paidDate
        amount
        notes
      }
    `,
    payment,
  );
  const [confirming, setConfirming] = useState(false);
  const [remove, removing] = useMutationAction<PaymentRowDeleteMutation>(graphql`
    mutation PaymentRowDeleteMutation($id: ID!, $connections: [ID!]!) {
      deleteBillPayment(id: $id) {
        deletedId @deleteEdge(connections: $connections)
        recurringBill {
          id
          ...BillRow_bill
        }
        viewer {
          ...UpcomingBills_viewer
        }
      }
    }
  `);
  const date = formatShortDate(p.paidDate);
  return (
    <Row>
      <span className="date">{date}</span>
      <span className="amount">{formatMoney(p.amount)}</span>
      {p.notes && <span className="notes">{p.notes}</span>}
      <Button
        type="button"
        $variant="ghost"
        $size="sm"
        aria-label={`Delete ${billName} payment of ${date}`}
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden />
      </Button>
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title="Delete payment?"
          description={`The ${formatMoney(p.amount)} payment of ${date} and its expense will be removed.`}
          busy={removing}
          onConfirm={() =>
            remove(
              { id: p.id, connections: [connection] },
              {
                success: SUCCESS.paymentDeleted,
                failure: FAILURE.deletePayment,
                updater: (store, data) => placeBill(store, data?.deleteBillPayment.recurringBill?.id),
                onDone: () => setConfirming(false),
              },
            )
          }
        />
      )}
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 0.25rem 0.75rem;
  padding: 0.4rem 0;
  font-size: 0.9rem;
  .date {
    min-width: 6.5rem;
  }
  .amount {
    font-weight: 650;
    font-variant-numeric: tabular-nums;
  }
  .notes {
    flex: 1;
    min-width: 8rem;
    color: ${({ theme }) => theme.color.textMuted};
    ${wholeWords}
  }
  button {
    margin-left: auto;
  }
`;
