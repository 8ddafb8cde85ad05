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
import { Field, Form, FormActions, FormGrid, Input, Select } from '../../components/Form.tsx';
import { todayString } from '../../lib/dates.ts';
import { orNull, serverErrorsOf, useSchemaForm } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { addTransactionInput } from '../../../../shared/inputs/transactions.ts';

const SUGGEST_DELAY_MS = 300;
const empty = () => ({ amount: '', description: '', date: todayString(), categoryId: '' as string | null });

/** docs/product.md#category-suggestion: while the description is typed, the server's category suggestion, debounced, with Apply. */
function useCategorySuggestion(description: string) {
  const environment = useRelayEnvironment();
  const [suggestion, setSuggestion] = useState<{ id: string; name: string } | null>(null);
  useEffect(() => {
    if (!description.trim()) return;
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
  return description.trim() ? suggestion : null;
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
  const form = useSchemaForm(addTransactionInput, empty());
  const { errors } = form.formState;
  const [description, categoryId] = form.watch(['description', 'categoryId']);
  const suggestion = useCategorySuggestion(open ? description : '');
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
    if (!next) form.reset(empty());
  };
  const submit = form.handleSubmit((values) =>
    run(
      { input: { amount: values.amount, description: values.description, date: values.date, categoryId: orNull(values.categoryId) } },
      {
        success: SUCCESS.transactionAdded,
        failure: FAILURE.addTransaction,
        onFieldErrors: serverErrorsOf(form),
        onDone: () => {
          close(false);
          onAdded();
        },
      },
    ),
  );
  const apply = (id: string) => {
    form.setValue('categoryId', id, { shouldDirty: true });
    // The suggestion goes away once applied: keep the keyboard on the next field.
    form.setFocus('date');
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
      <Form onSubmit={submit} noValidate>
        <FormGrid>
          <Field label="Amount" error={errors.amount?.message}>
            <Input {...form.register('amount')} inputMode="decimal" placeholder="0.00" autoFocus />
          </Field>
          <Field label="Description" error={errors.description?.message}>
            <Input {...form.register('description')} maxLength={500} placeholder="e.g. Groceries at Trader Joe's" />
          </Field>
          {suggestion && suggestion.id !== categoryId && (
            <Suggestion role="status">
              <Sparkles aria-hidden />
              <span>
                Suggested category: <strong>{suggestion.name}</strong>
              </span>
              <Button type="button" $size="sm" $variant="secondary" onClick={() => apply(suggestion.id)}>
                Apply
              </Button>
            </Suggestion>
          )}
          <Field label="Date" error={errors.date?.message}>
            <Input type="date" {...form.register('date')} />
          </Field>
          <Field label="Category" error={errors.categoryId?.message}>
            <Select {...form.register('categoryId')}>
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
      </Form>
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
  svg {
    color: ${({ theme }) => theme.color.primary};
    width: 1rem;
    height: 1rem;
    flex: none;
  }
  span {
    flex: 1;
  }
`;
