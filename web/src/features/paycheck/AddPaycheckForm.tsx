import { graphql } from 'react-relay';
import type { AddPaycheckFormMutation } from '../../__generated__/AddPaycheckFormMutation.graphql.ts';
import { addPaycheckInput } from '../../../../shared/inputs/paychecks.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Card, CardHeader } from '../../components/Card.tsx';
import { Button } from '../../components/Button.tsx';
import { Form, FormActions, FormGrid } from '../../components/Form.tsx';
import { todayString } from '../../lib/dates.ts';
import { serverErrorsOf, useSchemaForm } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { PaycheckFields } from './PaycheckFields.tsx';

const empty = () => ({ amount: '', date: todayString(), notes: '' });

/** The screen's Add Paycheck form; the new paycheck goes on top of the list `connection`. */
export function AddPaycheckForm({ connection }: { connection: string }) {
  const form = useSchemaForm(addPaycheckInput, empty());
  const [add, adding] = useMutationAction<AddPaycheckFormMutation>(graphql`
    mutation AddPaycheckFormMutation($input: AddPaycheckInput!, $connections: [ID!]!) {
      addPaycheck(input: $input) {
        paycheck @prependNode(connections: $connections, edgeTypeName: "UserPaychecksConnectionEdge") {
          ...PaycheckRow_paycheck
        }
        # The Budget screen's income moves with every paycheck.
        viewer {
          budgetSummary {
            totalIncome
          }
        }
      }
    }
  `);
  const submit = form.handleSubmit((values) =>
    add(
      { input: values, connections: [connection] },
      {
        success: SUCCESS.paycheckAdded,
        failure: FAILURE.addPaycheck,
        onFieldErrors: serverErrorsOf(form),
        onDone: () => form.reset(empty()),
      },
    ),
  );
  return (
    <Card>
      <CardHeader>
        <h2>Add Paycheck</h2>
      </CardHeader>
      <Form onSubmit={submit} noValidate>
        <FormGrid>
          <PaycheckFields form={form} />
        </FormGrid>
        <FormActions>
          <Button type="submit" disabled={adding}>
            {adding ? 'Adding…' : 'Add Paycheck'}
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}
