import { useState } from 'react';
import { graphql } from 'react-relay';
import type { RecordPaymentDialogMutation } from '../../__generated__/RecordPaymentDialogMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field, FormActions, FormGrid, Input, Textarea } from '../../components/Form.tsx';
import { todayString } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { checkAmount, checkDate, hasErrors, type FieldErrors } from '../../lib/validation.ts';

export interface BillToPay {
  id: string;
  name: string;
  amount: string;
}

/** Mark Paid: records a payment (and its expense) and moves the bill's due date on. */
export function RecordPaymentDialog({ bill, onClose }: { bill: BillToPay | null; onClose(): void }) {
  const [form, setForm] = useState({ amount: '', paidDate: todayString(), notes: '' });
  const [errors, setErrors] = useState<FieldErrors<'amount' | 'paidDate'>>({});
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (bill && shownFor !== bill.id) {
    setShownFor(bill.id);
    setForm({ amount: bill.amount, paidDate: todayString(), notes: '' });
    setErrors({});
  }
  const [run, saving] = useMutationAction<RecordPaymentDialogMutation>(graphql`
    mutation RecordPaymentDialogMutation($input: RecordBillPaymentInput!) {
      recordBillPayment(input: $input) {
        viewer {
          ...BillsPage_viewer
        }
      }
    }
  `);
  const close = () => {
    setShownFor(null);
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!bill) return;
    const found = { amount: checkAmount(form.amount), paidDate: checkDate(form.paidDate) };
    setErrors(found);
    if (hasErrors(found)) return;
    run(
      { input: { recurringBillId: bill.id, amount: form.amount.trim(), paidDate: form.paidDate, notes: form.notes.trim() || null } },
      { success: SUCCESS.paymentRecorded, failure: FAILURE.recordPayment, onFieldErrors: setErrors, onDone: close },
    );
  };
  return (
    <Dialog open={bill !== null} onOpenChange={(open) => !open && close()} title="Record Payment" description={bill ? `${bill.name} · ${formatMoney(bill.amount)}` : undefined}>
      <form onSubmit={submit} noValidate>
        <FormGrid>
          <Field label="Amount" error={errors.amount}>
            <Input value={form.amount} inputMode="decimal" onChange={(e) => setForm({ ...form, amount: e.target.value })} />
          </Field>
          <Field label="Paid date" error={errors.paidDate}>
            <Input type="date" value={form.paidDate} onChange={(e) => setForm({ ...form, paidDate: e.target.value })} />
          </Field>
          <Field label="Notes (optional)">
            <Textarea value={form.notes} onChange={(e) => setForm({ ...form, notes: e.target.value })} />
          </Field>
        </FormGrid>
        <FormActions>
          <Button type="button" $variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Recording…' : 'Record Payment'}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
