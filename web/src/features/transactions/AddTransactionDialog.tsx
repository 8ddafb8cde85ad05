import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { fetchQuery, graphql, useFragment, useRelayEnvironment } from 'react-relay';
import { Plus, Sparkles } from 'lucide-react';
import type { AddTransactionDialogMutation } from '../../__generated__/AddTransactionDialogMutation.graphql.ts';
import type { AddTransactionDialogSuggestionQuery } from '../../__generated__/AddTransactionDialogSuggestionQuery.graphql.ts';
import type { AddTransactionDialog_viewer$key } from '../../__generated__/AddTransactionDialog_viewer.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field, FormActions, FormGrid, Input, Select } from '../../components/Form.tsx';
import { todayString } from '../../lib/dates.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { checkAmount, checkDate, checkRequired, hasErrors, type FieldErrors } from '../../lib/validation.ts';

const SUGGEST_DELAY_MS = 300;
const empty = () => ({ amount: '', description: '', date: todayString(), categoryId: '' });

/** SPEC §9: while the description is typed, the server's category suggestion, debounced, with Apply. */
function useCategorySuggestion(description: string) {
  const environment = useRelayEnvironment();
  const [suggestion, setSuggestion] = useState<{ id: string; name: string } | null>(null);
  useEffect(() => {
    if (!description.trim()) return setSuggestion(null);
    let live = true;
    const timer = setTimeout(() => {
      fetchQuery<AddTransactionDialogSuggestionQuery>(
        environment,
        graphql`
          query AddTransactionDialogSuggestionQuery($description: String!) {
            viewer {
              categorySuggestion(description: $description) {
                id
                name
              }
            }
          }
        `,
        { description },
        { fetchPolicy: 'network-only' },
      ).subscribe({ next: (data) => live && setSuggestion(data.viewer.categorySuggestion ?? null), error: () => {} });
    }, SUGGEST_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [description, environment]);
  return suggestion;
}

export function AddTransactionDialog({ viewer, onAdded }: { viewer: AddTransactionDialog_viewer$key; onAdded(): void }) {
  const { budgetCategories } = useFragment(
    graphql`
      fragment AddTransactionDialog_viewer on User {
        budgetCategories(first: 200) {
          edges {
            node {
              id
              name
            }
          }
        }
      }
    `,
    viewer,
  );
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors<'amount' | 'description' | 'date' | 'categoryId'>>({});
  const suggestion = useCategorySuggestion(open ? form.description : '');
  const [run, saving] = useMutationAction<AddTransactionDialogMutation>(graphql`
    mutation AddTransactionDialogMutation($input: AddTransactionInput!) {
      addTransaction(input: $input) {
        transaction {
          id
        }
      }
    }
  `);
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setForm(empty());
      setErrors({});
    }
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = { amount: checkAmount(form.amount), description: checkRequired(form.description, 'Description is required', 500), date: checkDate(form.date) };
    setErrors(found);
    if (hasErrors(found)) return;
    run(
      { input: { amount: form.amount.trim(), description: form.description.trim(), date: form.date, categoryId: form.categoryId || null } },
      {
        success: SUCCESS.transactionAdded,
        failure: FAILURE.addTransaction,
        onFieldErrors: setErrors,
        onDone: () => {
          close(false);
          onAdded();
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add Transaction"
      description="Record an expense."
      trigger={
        <Button type="button">
          <Plus aria-hidden /> Add Transaction
        </Button>
      }
    >
      <form onSubmit={submit} noValidate>
        <FormGrid>
          <Field label="Amount" error={errors.amount}>
            <Input value={form.amount} inputMode="decimal" placeholder="0.00" onChange={(e) => setForm({ ...form, amount: e.target.value })} autoFocus />
          </Field>
          <Field label="Description" error={errors.description}>
            <Input value={form.description} maxLength={500} placeholder="e.g. Groceries at Trader Joe's" onChange={(e) => setForm({ ...form, description: e.target.value })} />
          </Field>
          {suggestion && suggestion.id !== form.categoryId && (
            <Suggestion role="status">
              <Sparkles aria-hidden />
              <span>
                Suggested category: <strong>{suggestion.name}</strong>
              </span>
              <Button type="button" $size="sm" $variant="secondary" onClick={() => setForm({ ...form, categoryId: suggestion.id })}>
                Apply
              </Button>
            </Suggestion>
          )}
          <Field label="Date" error={errors.date}>
            <Input type="date" value={form.date} onChange={(e) => setForm({ ...form, date: e.target.value })} />
          </Field>
          <Field label="Category" error={errors.categoryId}>
            <Select value={form.categoryId} onChange={(e) => setForm({ ...form, categoryId: e.target.value })}>
              <option value="">Uncategorized</option>
              {budgetCategories.edges.map(({ node }) => (
                <option key={node.id} value={node.id}>
                  {node.name}
                </option>
              ))}
            </Select>
          </Field>
        </FormGrid>
        <FormActions>
          <Button type="button" $variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Adding…' : 'Add Transaction'}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}

const Suggestion = styled.div`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  padding: 0.6rem 0.75rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.text};
  font-size: 0.9rem;
  svg { color: ${({ theme }) => theme.color.primary}; width: 1rem; height: 1rem; flex: none; }
  span { flex: 1; }
`;
