import { useState } from 'react';
import { graphql } from 'react-relay';
import type { AddContributionDialogMutation } from '../../__generated__/AddContributionDialogMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field, FormActions, FormGrid, Input, Textarea } from '../../components/Form.tsx';
import { todayString } from '../../lib/dates.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { checkAmount, checkDate, hasErrors, type FieldErrors } from '../../lib/validation.ts';

export function AddContributionDialog({ goal, onClose }: { goal: { id: string; name: string } | null; onClose(): void }) {
  const [form, setForm] = useState({ amount: '', contributionDate: todayString(), notes: '' });
  const [errors, setErrors] = useState<FieldErrors<'amount' | 'contributionDate'>>({});
  const [run, saving] = useMutationAction<AddContributionDialogMutation>(graphql`
    mutation AddContributionDialogMutation($input: AddGoalContributionInput!) {
      addGoalContribution(input: $input) {
        viewer {
          ...GoalsPage_viewer
        }
      }
    }
  `);
  const close = () => {
    setForm({ amount: '', contributionDate: todayString(), notes: '' });
    setErrors({});
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!goal) return;
    const found = { amount: checkAmount(form.amount), contributionDate: checkDate(form.contributionDate) };
    setErrors(found);
    if (hasErrors(found)) return;
    run(
      { input: { goalId: goal.id, amount: form.amount.trim(), contributionDate: form.contributionDate, notes: form.notes.trim() || null } },
      { success: SUCCESS.contributionAdded, failure: FAILURE.addContribution, onFieldErrors: setErrors, onDone: close },
    );
  };
  return (
    <Dialog open={goal !== null} onOpenChange={(open) => !open && close()} title="Add Contribution" description={goal ? `Towards ${goal.name}` : undefined}>
      <form onSubmit={submit} noValidate>
        <FormGrid>
          <Field label="Amount" error={errors.amount}>
            <Input value={form.amount} inputMode="decimal" placeholder="0.00" onChange={(e) => setForm({ ...form, amount: e.target.value })} autoFocus />
          </Field>
          <Field label="Date" error={errors.contributionDate}>
            <Input type="date" value={form.contributionDate} onChange={(e) => setForm({ ...form, contributionDate: e.target.value })} />
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
            {saving ? 'Adding…' : 'Add Contribution'}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
