import { useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { CalendarClock, CheckCircle2, Trash2 } from 'lucide-react';
import type { BillsPageQuery } from '../../__generated__/BillsPageQuery.graphql.ts';
import type { BillsPage_viewer$key } from '../../__generated__/BillsPage_viewer.graphql.ts';
import type { BillsPageDeleteMutation } from '../../__generated__/BillsPageDeleteMutation.graphql.ts';
import { useRouteQuery } from '../../relay/route-query.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Card, CardHeader } from '../../components/Card.tsx';
import { Badge, CategoryBadge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { List } from '../../components/TransactionRow.tsx';
import { Tab, Tabs, TabsContent, TabsList } from '../../components/Tabs.tsx';
import { formatShortDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { AddBillDialog } from './AddBillDialog.tsx';
import { RecordPaymentDialog, type BillToPay } from './RecordPaymentDialog.tsx';
import { dueLabel, frequencyLabel } from './bill-labels.ts';

export default function BillsPage() {
  const data = useRouteQuery<BillsPageQuery>(
    graphql`
      query BillsPageQuery {
        viewer {
          ...BillsPage_viewer
          ...AddBillDialog_viewer
        }
      }
    `,
    {},
  );
  const viewer = useFragment<BillsPage_viewer$key>(
    graphql`
      fragment BillsPage_viewer on User {
        upcomingBills(first: 5) {
          totalCount
          edges {
            node {
              id
              name
              amount
              nextDueDate
              daysUntilDue
            }
          }
        }
        active: recurringBills(active: true, first: 200) {
          totalCount
          edges {
            node {
              id
              name
              amount
              frequency
              nextDueDate
              isOverdue
              category {
                name
              }
            }
          }
        }
        inactive: recurringBills(active: false, first: 200) {
          totalCount
          edges {
            node {
              id
              name
              amount
              frequency
              nextDueDate
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
  const [paying, setPaying] = useState<BillToPay | null>(null);
  const [confirming, setConfirming] = useState<{ id: string; name: string } | null>(null);
  const [remove, removing] = useMutationAction<BillsPageDeleteMutation>(graphql`
    mutation BillsPageDeleteMutation($id: ID!) {
      deleteRecurringBill(id: $id) {
        viewer {
          ...BillsPage_viewer
        }
      }
    }
  `);
  const deleteButton = (bill: { id: string; name: string }) => (
    <Button type="button" $variant="ghost" $size="sm" aria-label={`Delete ${bill.name}`} onClick={() => setConfirming(bill)}>
      <Trash2 aria-hidden />
    </Button>
  );
  return (
    <>
      <PageHeader title="Recurring Bills" description="Never miss a due date." actions={<AddBillDialog viewer={data.viewer} />} />
      <Card aria-label="Upcoming Bills">
        <CardHeader>
          <h2>Upcoming Bills</h2>
          <Badge $tone="primary">{viewer.upcomingBills.totalCount}</Badge>
        </CardHeader>
        {viewer.upcomingBills.edges.length === 0 ? (
          <Muted>Nothing due in the next 30 days.</Muted>
        ) : (
          <List>
            {viewer.upcomingBills.edges.map(({ node }) => (
              <li key={node.id}>
                <Upcoming>
                  <div>
                    <strong>{node.name}</strong>
                    <small className={node.daysUntilDue < 0 ? 'overdue' : undefined}>{dueLabel(node.daysUntilDue)}</small>
                  </div>
                  <span>{formatMoney(node.amount)}</span>
                </Upcoming>
              </li>
            ))}
          </List>
        )}
      </Card>
      <Tabs defaultValue="active" style={{ marginTop: '1.5rem' }}>
        <TabsList aria-label="Bills">
          <Tab value="active">Active Bills ({viewer.active.totalCount})</Tab>
          <Tab value="inactive">Inactive Bills ({viewer.inactive.totalCount})</Tab>
        </TabsList>
        <TabsContent value="active">
          <Card>
            {viewer.active.edges.length === 0 ? (
              <EmptyState
                icon={<CalendarClock aria-hidden />}
                title="No active bills"
                text="Add your rent, utilities and subscriptions to see what is due."
              />
            ) : (
              <List>
                {viewer.active.edges.map(({ node }) => (
                  <li key={node.id}>
                    <BillRow>
                      <div className="main">
                        <strong>{node.name}</strong>
                        <div className="meta">
                          <Badge>{frequencyLabel(node.frequency)}</Badge>
                          {node.category && <CategoryBadge category={node.category} />}
                          <span>Next due: {formatShortDate(node.nextDueDate)}</span>
                          {node.isOverdue && <Badge $tone="danger">Overdue</Badge>}
                        </div>
                      </div>
                      <span className="amount">{formatMoney(node.amount)}</span>
                      <Button
                        type="button"
                        $variant="secondary"
                        $size="sm"
                        aria-label={`Mark ${node.name} paid`}
                        onClick={() => setPaying({ id: node.id, name: node.name, amount: node.amount })}
                      >
                        <CheckCircle2 aria-hidden /> Mark Paid
                      </Button>
                      {deleteButton(node)}
                    </BillRow>
                  </li>
                ))}
              </List>
            )}
          </Card>
        </TabsContent>
        <TabsContent value="inactive">
          <Card>
            {viewer.inactive.edges.length === 0 ? (
              <EmptyState title="No inactive bills" />
            ) : (
              <List>
                {viewer.inactive.edges.map(({ node }) => (
                  <li key={node.id}>
                    <BillRow className="inactive">
                      <div className="main">
                        <strong>{node.name}</strong>
                        <div className="meta">
                          <Badge>Inactive</Badge>
                          <Badge>{frequencyLabel(node.frequency)}</Badge>
                          {node.category && <CategoryBadge category={node.category} />}
                        </div>
                      </div>
                      <span className="amount">{formatMoney(node.amount)}</span>
                      {deleteButton(node)}
                    </BillRow>
                  </li>
                ))}
              </List>
            )}
          </Card>
        </TabsContent>
      </Tabs>
      <RecordPaymentDialog bill={paying} onClose={() => setPaying(null)} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Delete bill?"
        description={`"${confirming?.name}" and its payment history will be removed.`}
        busy={removing}
        onConfirm={() =>
          confirming &&
          remove({ id: confirming.id }, { success: SUCCESS.billDeleted, failure: FAILURE.deleteBill, onDone: () => setConfirming(null) })
        }
      />
    </>
  );
}

const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;
const Upcoming = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  padding: 0.65rem 0.25rem;
  gap: 1rem;
  strong {
    display: block;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
  small.overdue {
    color: ${({ theme }) => theme.color.danger};
    font-weight: 600;
  }
  span {
    font-weight: 650;
    font-variant-numeric: tabular-nums;
  }
`;
const BillRow = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.75rem 0.25rem;
  flex-wrap: wrap;
  .main {
    flex: 1;
    min-width: 12rem;
  }
  .main strong {
    display: block;
    overflow-wrap: anywhere;
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
  &.inactive {
    opacity: 0.6;
  }
`;
