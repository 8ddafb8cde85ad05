import { useId, useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { CheckCircle2, ChevronDown } from 'lucide-react';
import type { BillRow_bill$key } from '../../__generated__/BillRow_bill.graphql.ts';
import type { BillDialog_viewer$key } from '../../__generated__/BillDialog_viewer.graphql.ts';
import { Badge, CategoryBadge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { EditButton, editableRow } from '../../components/EditButton.tsx';
import { formatShortDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { BillDialog } from './BillDialog.tsx';
import { BillPayments } from './BillPayments.tsx';
import { DeleteBillButton } from './DeleteBillButton.tsx';
import { PauseBillButton } from './PauseBillButton.tsx';
import { RecordPaymentDialog } from './RecordPaymentDialog.tsx';
import { frequencyLabel } from './bill-labels.ts';
import { wholeWords } from '../../components/text.ts';

/**
 * A bill in the Active or Inactive list: a click on the row (its Edit button) opens Edit Bill;
 * Mark Paid (active bills), Pause / Resume, its payment history and Delete. Inactive rows are dimmed.
 */
export function BillRow({
  bill,
  categories,
}: {
  bill: BillRow_bill$key;
  /** The categories the edit dialog offers. */
  categories: BillDialog_viewer$key;
}) {
  const b = useFragment(
    graphql`
      fragment BillRow_bill on RecurringBill {
        id
        name
        amount
        frequency
        nextDueDate
        isOverdue
        isActive
        category {
          name
        }
        ...BillDialog_bill
        ...RecordPaymentDialog_bill
      }
    `,
    bill,
  );
  const [editing, setEditing] = useState(false);
  const [paying, setPaying] = useState(false);
  const [showPayments, setShowPayments] = useState(false);
  const paymentsId = useId();
  return (
    <>
      <Row className={b.isActive ? undefined : 'inactive'}>
        <div className="main">
          <strong>{b.name}</strong>
          <div className="meta">
            {!b.isActive && <Badge>Inactive</Badge>}
            <Badge>{frequencyLabel(b.frequency)}</Badge>
            {b.category && <CategoryBadge category={b.category} />}
            {b.isActive && <span>Next due: {formatShortDate(b.nextDueDate)}</span>}
            {b.isActive && b.isOverdue && <Badge $tone="danger">Overdue</Badge>}
          </div>
        </div>
        <span className="amount">{formatMoney(b.amount)}</span>
        <div className="actions">
          {b.isActive && (
            <Button type="button" $variant="secondary" $size="sm" aria-label={`Mark ${b.name} paid`} onClick={() => setPaying(true)}>
              <CheckCircle2 aria-hidden /> Mark Paid
            </Button>
          )}
          <PauseBillButton bill={b} />
          <Button
            type="button"
            $variant="ghost"
            $size="sm"
            aria-label={`Payments of ${b.name}`}
            aria-expanded={showPayments}
            aria-controls={showPayments ? paymentsId : undefined}
            onClick={() => setShowPayments(!showPayments)}
          >
            Payments <Chevron aria-hidden $open={showPayments} />
          </Button>
          <EditButton name={b.name} onClick={() => setEditing(true)} />
          <DeleteBillButton id={b.id} name={b.name} />
        </div>
      </Row>
      {showPayments && <BillPayments id={paymentsId} billId={b.id} billName={b.name} />}
      {editing && <BillDialog viewer={categories} bill={b} open onOpenChange={setEditing} />}
      {paying && <RecordPaymentDialog bill={b} onClose={() => setPaying(false)} />}
    </>
  );
}

const Row = styled.div`
  ${editableRow}
  border-radius: ${({ theme }) => theme.radius.md};
  &:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  display: flex;
  align-items: center;
  gap: 0.5rem 0.75rem;
  padding: 0.75rem 0.25rem;
  flex-wrap: wrap;
  .main {
    flex: 1;
    min-width: 12rem;
  }
  .main strong {
    display: block;
    ${wholeWords}
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.4rem;
    margin-top: 0.3rem;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.84rem;
  }
  .amount {
    font-weight: 650;
    font-variant-numeric: tabular-nums;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.4rem;
  }
  &.inactive .main,
  &.inactive .amount {
    opacity: 0.6;
  }
`;
const Chevron = styled(ChevronDown)<{ $open: boolean }>`
  transition: transform 120ms ease;
  transform: rotate(${({ $open }) => ($open ? '180deg' : '0')});
`;
