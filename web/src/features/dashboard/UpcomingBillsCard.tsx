import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { ArrowRight, CheckCircle2 } from 'lucide-react';
import type { UpcomingBillsCard_viewer$key } from '../../__generated__/UpcomingBillsCard_viewer.graphql.ts';
import { Card, CardHeader } from '../../components/Card.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { formatMoney } from '../../lib/money.ts';
import { dueLabel } from '../bills/bill-labels.ts';
import { CardList, Muted, ViewAll } from './card-parts.tsx';
import { wholeWords } from '../../components/text.ts';

// The dialog and its form code (validation, the form library) load when Mark Paid is clicked, or
// before, while the app is idle (the Bills screen's code has them): not in the main script.
const RecordPaymentDialog = lazy(() => import('../bills/RecordPaymentDialog.tsx').then((m) => ({ default: m.RecordPaymentDialog })));

/**
 * The next five upcoming bills (docs/product.md#recurring-bills), each with Mark Paid: the Bills
 * screen's Record Payment dialog. `onPaid` reloads what the payment moved beyond its payload.
 */
export function UpcomingBillsCard({ viewer, onPaid }: { viewer: UpcomingBillsCard_viewer$key; onPaid(): void }) {
  const { upcomingBills } = useFragment(
    graphql`
      fragment UpcomingBillsCard_viewer on User {
        upcomingBills(first: 5) {
          totalCount
          edges {
            node {
              id
              name
              amount
              daysUntilDue
              ...RecordPaymentDialog_bill
            }
          }
        }
      }
    `,
    viewer,
  );
  const [paying, setPaying] = useState<string | null>(null);
  const bill = upcomingBills.edges.find((e) => e.node.id === paying)?.node;
  return (
    <Card aria-label="Upcoming bills">
      <CardHeader>
        <h2>
          Upcoming bills <Badge $tone="primary">{upcomingBills.totalCount}</Badge>
        </h2>
        <ViewAll to="/bills">
          Bills <ArrowRight aria-hidden />
        </ViewAll>
      </CardHeader>
      {upcomingBills.edges.length === 0 ? (
        <Muted>Nothing due in the next 30 days.</Muted>
      ) : (
        <CardList>
          {upcomingBills.edges.map(({ node }) => (
            <li key={node.id} aria-label={node.name}>
              <Row>
                <div>
                  <strong>{node.name}</strong>
                  <small className={node.daysUntilDue < 0 ? 'overdue' : undefined}>{dueLabel(node.daysUntilDue)}</small>
                </div>
                <span className="amount">{formatMoney(node.amount)}</span>
                <Button
                  type="button"
                  $variant="secondary"
                  $size="sm"
                  aria-label={`Mark ${node.name} paid`}
                  onClick={() => setPaying(node.id)}
                >
                  <CheckCircle2 aria-hidden /> Mark Paid
                </Button>
              </Row>
            </li>
          ))}
        </CardList>
      )}
      {bill && (
        <Suspense fallback={null}>
          <RecordPaymentDialog bill={bill} onRecorded={onPaid} onClose={() => setPaying(null)} />
        </Suspense>
      )}
    </Card>
  );
}

/* The name keeps 9rem: in a narrower card, Mark Paid goes under it. */
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
  padding: 0.6rem 0.25rem;
  & > div {
    flex: 1 1 9rem;
    min-width: 0;
  }
  & > button {
    margin-left: auto;
  }
  strong {
    display: block;
    ${wholeWords}
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
  small.overdue {
    color: ${({ theme }) => theme.color.danger};
    font-weight: 600;
  }
  .amount {
    font-weight: 650;
    font-variant-numeric: tabular-nums;
  }
  svg {
    width: 1rem;
    height: 1rem;
  }
`;
