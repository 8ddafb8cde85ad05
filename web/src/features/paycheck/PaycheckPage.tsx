import { useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { Trash2, Wallet } from 'lucide-react';
import type { PaycheckPageQuery } from '../../__generated__/PaycheckPageQuery.graphql.ts';
import type { PaycheckPage_viewer$key } from '../../__generated__/PaycheckPage_viewer.graphql.ts';
import type { PaycheckPageAddMutation } from '../../__generated__/PaycheckPageAddMutation.graphql.ts';
import type { PaycheckPageDeleteMutation } from '../../__generated__/PaycheckPageDeleteMutation.graphql.ts';
import { useRouteQuery } from '../../relay/route-query.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Card, CardHeader } from '../../components/Card.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Field, Form, FormActions, FormGrid, Input, Textarea } from '../../components/Form.tsx';
import { List, ListRow } from '../../components/TransactionRow.tsx';
import { formatLongDate, todayString } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { serverErrorsOf, useSchemaForm } from '../../lib/forms.ts';
import { addPaycheckInput } from '../../../../shared/inputs/paychecks.ts';

const empty = () => ({ amount: '', date: todayString(), notes: '' });

export default function PaycheckPage() {
  const data = useRouteQuery<PaycheckPageQuery>(
    graphql`
      query PaycheckPageQuery {
        viewer {
          ...PaycheckPage_viewer
        }
      }
    `,
    {},
  );
  const viewer = useFragment<PaycheckPage_viewer$key>(
    graphql`
      fragment PaycheckPage_viewer on User {
        paychecks(first: 50) {
          edges {
            node {
              id
              amount
              date
              notes
            }
          }
        }
      }
    `,
    data.viewer,
  );
  const form = useSchemaForm(addPaycheckInput, empty());
  const { errors } = form.formState;
  const [confirming, setConfirming] = useState<string | null>(null);
  const [add, adding] = useMutationAction<PaycheckPageAddMutation>(graphql`
    mutation PaycheckPageAddMutation($input: AddPaycheckInput!) {
      addPaycheck(input: $input) {
        viewer {
          ...PaycheckPage_viewer
          budgetSummary {
            totalIncome
            allocated
            remaining
          }
        }
      }
    }
  `);
  const [remove, removing] = useMutationAction<PaycheckPageDeleteMutation>(graphql`
    mutation PaycheckPageDeleteMutation($id: ID!) {
      deletePaycheck(id: $id) {
        viewer {
          ...PaycheckPage_viewer
          budgetSummary {
            totalIncome
            allocated
            remaining
          }
        }
      }
    }
  `);
  const submit = form.handleSubmit((values) =>
    add(
      { input: values },
      {
        success: SUCCESS.paycheckAdded,
        failure: FAILURE.addPaycheck,
        onFieldErrors: serverErrorsOf(form),
        onDone: () => form.reset(empty()),
      },
    ),
  );
  return (
    <>
      <PageHeader title="Add Paycheck" description="Log your income as it comes in." />
      <Columns>
        <Card>
          <CardHeader>
            <h2>Add Paycheck</h2>
          </CardHeader>
          <Form onSubmit={submit} noValidate>
            <FormGrid>
              <Field label="Amount" error={errors.amount?.message}>
                <Input {...form.register('amount')} inputMode="decimal" placeholder="0.00" />
              </Field>
              <Field label="Date" error={errors.date?.message}>
                <Input type="date" {...form.register('date')} />
              </Field>
              <Field label="Notes (optional)" error={errors.notes?.message}>
                <Textarea {...form.register('notes')} placeholder="e.g. includes overtime" />
              </Field>
            </FormGrid>
            <FormActions>
              <Button type="submit" disabled={adding}>
                {adding ? 'Adding…' : 'Add Paycheck'}
              </Button>
            </FormActions>
          </Form>
        </Card>
        <Card>
          <CardHeader>
            <h2>Recent Paychecks</h2>
          </CardHeader>
          {viewer.paychecks.edges.length === 0 ? (
            <EmptyState icon={<Wallet aria-hidden />} title="No paychecks yet" text="Add your first paycheck to start budgeting." />
          ) : (
            <List>
              {viewer.paychecks.edges.map(({ node }) => (
                <li key={node.id}>
                  <ListRow
                    title={formatLongDate(node.date)}
                    details={node.notes}
                    amount={formatMoney(node.amount)}
                    actions={
                      <Button
                        type="button"
                        $variant="ghost"
                        $size="sm"
                        aria-label={`Delete ${formatMoney(node.amount)} paycheck of ${formatLongDate(node.date)}`}
                        onClick={() => setConfirming(node.id)}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    }
                  />
                </li>
              ))}
            </List>
          )}
        </Card>
      </Columns>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Delete paycheck?"
        description="This paycheck will be removed from your income."
        busy={removing}
        onConfirm={() =>
          confirming &&
          remove(
            { id: confirming },
            { success: SUCCESS.paycheckDeleted, failure: FAILURE.deletePaycheck, onDone: () => setConfirming(null) },
          )
        }
      />
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
