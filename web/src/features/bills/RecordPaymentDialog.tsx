import { useEffect } from 'react';
import { graphql } from 'react-relay';
import type { RecordPaymentDialogMutation } from '../../__generated__/RecordPaymentDialogMutation.graphql.ts';
import { recordBillPaymentInput } from '../../../../shared/inputs/bills.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field, Form, FormActions, FormGrid, Input, Textarea } from '../../components/Form.tsx';
import { todayString } from '../../lib/dates.ts';
import { serverErrorsOf, useSchemaForm } from '../../lib/forms.ts';
import { formatMoney } from '../../lib/money.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';

export interface BillToPay {
  id: string;
  name: string;
  amount: string;
}

const paymentForm = recordBillPaymentInput.omit({ recurringBillId: true });
const defaultsFor = (bill: BillToPay | null) => ({ amount: bill?.amount ?? '', paidDate: todayString(), notes: '' });

/** Mark Paid: records a payment (and its expense) and moves the bill's due date on. */
export function RecordPaymentDialog({ bill, onClose }: { bill: BillToPay | null; onClose(): void }) {
  const form = useSchemaForm(paymentForm, defaultsFor(bill));
  const { errors } = form.formState;
  // Each bill opens the dialog with its own amount and today's date.
  useEffect(() => form.reset(defaultsFor(bill)), [bill, form]);
  const [run, saving] = useMutationAction<RecordPaymentDialogMutation>(graphql`
    mutation RecordPaymentDialogMutation($input: RecordBillPaymentInput!) {
      recordBillPayment(input: $input) {
        viewer {
          ...BillsPage_viewer
        }
      }
    }
  `);
  const submit = form.handleSubmit(
    (values) =>
      bill &&
      run(
        { input: { ...values, recurringBillId: bill.id } },
        { success: SUCCESS.paymentRecorded, failure: FAILURE.recordPayment, onFieldErrors: serverErrorsOf(form), onDone: onClose },
      ),
  );
  return (
    <Dialog
      open={bill !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Record Payment"
      description={bill ? `${bill.name} · ${formatMoney(bill.amount)}` : undefined}
    >
      <Form onSubmit={submit} noValidate>
        <FormGrid>
          <Field label="Amount" error={errors.amount?.message}>
            <Input {...form.register('amount')} inputMode="decimal" />
          </Field>
          <Field label="Paid date" error={errors.paidDate?.message}>
            <Input type="date" {...form.register('paidDate')} />
          </Field>
          <Field label="Notes (optional)" error={errors.notes?.message}>
            <Textarea {...form.register('notes')} />
          </Field>
        </FormGrid>
        <FormActions>
          <Button type="button" $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Recording…' : 'Record Payment'}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}
