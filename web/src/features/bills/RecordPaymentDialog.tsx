import { Suspense } from 'react';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import type { RecordPaymentDialogMutation } from '../../__generated__/RecordPaymentDialogMutation.graphql.ts';
import type { RecordPaymentDialog_bill$key } from '../../__generated__/RecordPaymentDialog_bill.graphql.ts';
import type { RecordPaymentDialogAccountsQuery } from '../../__generated__/RecordPaymentDialogAccountsQuery.graphql.ts';
import { recordBillPaymentInput } from '../../../../shared/inputs/bills.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { Field, Input, Textarea } from '../../components/Form.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { todayString } from '../../lib/dates.ts';
import { orNull, MONEY_FIELD } from '../../lib/forms.ts';
import { formatMoney } from '../../lib/money.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { placeBill, placePayment } from './bill-lists.ts';
import { AccountField } from '../accounts/AccountField.tsx';
import { useAccountOptions } from '../accounts/use-account-options.ts';
import '../accounts/account-balances.ts';

const paymentForm = recordBillPaymentInput.omit({ recurringBillId: true });

const MUTATION = graphql`
  mutation RecordPaymentDialogMutation($input: RecordBillPaymentInput!) {
    recordBillPayment(input: $input) {
      billPayment {
        id
        ...PaymentRow_payment
      }
      recurringBill {
        id
        ...BillRow_bill
      }
      viewer {
        ...UpcomingBills_viewer
        ...accountBalances_viewer
      }
    }
  }
`;

/**
 * Mark Paid: records a payment (and its expense, from the account chosen: the default one unless
 * changed) and moves the bill's due date on. Mounted while open, it starts from the bill's amount
 * and today. The payment takes its place in the bill's history, and the bill comes back with its
 * row's fragment and moves to its new due date's place in its list. It reads the accounts itself,
 * so any screen can offer it.
 */
export function RecordPaymentDialog(props: {
  bill: RecordPaymentDialog_bill$key;
  onClose(): void;
  /** After the payment is recorded and the dialog closed: a screen reloads what moved beyond the payload. */
  onRecorded?(): void;
}) {
  return (
    <Suspense fallback={null}>
      <PaymentForm {...props} />
    </Suspense>
  );
}

function PaymentForm({ bill, onClose, onRecorded }: Parameters<typeof RecordPaymentDialog>[0]) {
  const { viewer } = useLazyLoadQuery<RecordPaymentDialogAccountsQuery>(
    graphql`
      query RecordPaymentDialogAccountsQuery {
        viewer {
          ...useAccountOptions_viewer
        }
      }
    `,
    {},
    { fetchPolicy: 'store-or-network' },
  );
  const accounts = useAccountOptions(viewer);
  const { id, name, amount } = useFragment(
    graphql`
      fragment RecordPaymentDialog_bill on RecurringBill {
        id
        name
        amount
      }
    `,
    bill,
  );
  const { form, frame } = useFormMutation(
    paymentForm,
    { amount, paidDate: todayString(), notes: '', accountId: accounts.defaultId },
    {
      onClose,
      mutation: MUTATION,
      send: (values): FormSend<RecordPaymentDialogMutation> => ({
        variables: { input: { ...values, accountId: orNull(values.accountId), recurringBillId: id } },
        success: SUCCESS.paymentRecorded,
        updater: (store, data) => {
          placePayment(store, id, data?.recordBillPayment.billPayment.id);
          placeBill(store, id);
        },
        failure: FAILURE.recordPayment,
      }),
      onSaved: onRecorded,
    },
  );
  const { errors } = form.formState;
  return (
    <FormDialog
      {...frame}
      title="Record Payment"
      description={`${name} · ${formatMoney(amount)}`}
      submitLabel="Record Payment"
      savingLabel="Recording…"
    >
      <Field label="Amount" error={errors.amount?.message}>
        <Input {...form.register('amount', MONEY_FIELD)} inputMode="decimal" />
      </Field>
      <Field label="Paid date" error={errors.paidDate?.message}>
        <Input type="date" {...form.register('paidDate')} />
      </Field>
      <AccountField label="Paid from" accounts={accounts.accounts} {...form.register('accountId')} error={errors.accountId?.message} />
      <Field label="Notes (optional)" error={errors.notes?.message}>
        <Textarea {...form.register('notes')} />
      </Field>
    </FormDialog>
  );
}
