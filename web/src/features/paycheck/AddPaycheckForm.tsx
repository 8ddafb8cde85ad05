import { graphql } from 'react-relay';
import type { AddPaycheckFormMutation } from '../../__generated__/AddPaycheckFormMutation.graphql.ts';
import { addPaycheckInput } from '../../../../shared/inputs/paychecks.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Card, CardHeader } from '../../components/Card.tsx';
import { Button } from '../../components/Button.tsx';
import { Form, FormActions, FormGrid } from '../../components/Form.tsx';
import { todayString } from '../../lib/dates.ts';
import { orNull, serverErrorsOf, useSchemaForm } from '../../lib/forms.ts';
import type { AccountOptions } from '../accounts/use-account-options.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { PaycheckFields } from './PaycheckFields.tsx';
import { placePaycheck } from './paycheck-list.ts';
import './paycheck-totals.ts';
import { useReadOnlyControl } from '../../app/read-only.tsx';

/** A new paycheck: today, into the default account (docs/product.md#account-ledgers). */
const empty = (accountId: string) => ({ amount: '', date: todayString(), payee: '', notes: '', accountId });

/** The screen's Add Paycheck form; the new paycheck takes its place by date in Recent Paychecks. */
export function AddPaycheckForm({ accounts }: { accounts: AccountOptions }) {
  const form = useSchemaForm(addPaycheckInput, empty(accounts.defaultId));
  const [add, adding] = useMutationAction<AddPaycheckFormMutation>(graphql`
    mutation AddPaycheckFormMutation($input: AddPaycheckInput!) {
      addPaycheck(input: $input) {
        paycheck {
          id
          ...PaycheckRow_paycheck
        }
        viewer {
          ...paycheckTotals_viewer
        }
      }
    }
  `);
  const submit = form.handleSubmit((values) =>
    add(
      // The form has no status: a paycheck added here starts uncleared.
      { input: { ...values, status: undefined, accountId: orNull(values.accountId), payee: orNull(values.payee) } },
      {
        success: SUCCESS.paycheckAdded,
        updater: (store, data) => placePaycheck(store, data?.addPaycheck.paycheck.id),
        failure: FAILURE.addPaycheck,
        onFieldErrors: serverErrorsOf(form),
        onDone: () => form.reset(empty(accounts.defaultId)),
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
          <PaycheckFields form={form} accounts={accounts.accounts} />
        </FormGrid>
        <FormActions>
          <Button type="submit" disabled={adding} {...useReadOnlyControl()}>
            {adding ? 'Adding…' : 'Add Paycheck'}
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}
