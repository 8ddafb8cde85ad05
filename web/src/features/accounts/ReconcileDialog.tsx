import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { Scale } from 'lucide-react';
import type { ReconcileDialogMutation } from '../../__generated__/ReconcileDialogMutation.graphql.ts';
import type { ReconcileDialogPreviewQuery } from '../../__generated__/ReconcileDialogPreviewQuery.graphql.ts';
import { reconcileInput } from '../../../../shared/inputs/reconcile.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field, Form, FormActions, FormGrid, FormRow, Input } from '../../components/Form.tsx';
import { todayString } from '../../lib/dates.ts';
import { MONEY_FIELD, serverErrorsOf, useSchemaForm } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { formatMoney } from '../../lib/money.ts';

type Preview = { clearedBalance: string; difference: string } | { error: string };

/**
 * Reconcile (docs/product.md#reconcile): the statement's ending balance and date; the server's
 * cleared balance through that date and the difference show as they are typed. At a difference of
 * 0, Finish marks the cleared rows reconciled; otherwise Add adjustment records the difference first.
 */
export function ReconcileDialog({ accountId, onReconciled }: { accountId: string; onReconciled(): void }) {
  const [open, setOpen] = useState(false);
  const form = useSchemaForm(reconcileInput, { statementBalance: '', statementDate: todayString() });
  const { errors } = form.formState;
  const [balance, date] = form.watch(['statementBalance', 'statementDate']);
  const preview = usePreview(open ? accountId : null, balance, date);
  const [reconcile, saving] = useMutationAction<ReconcileDialogMutation>(graphql`
    mutation ReconcileDialogMutation($input: ReconcileAccountInput!) {
      reconcileAccount(input: $input) {
        reconciled
        viewer {
          netWorth
          allAccounts {
            balance
          }
        }
      }
    }
  `);
  const finish = (adjust: boolean) =>
    form.handleSubmit((v) =>
      reconcile(
        { input: { accountId, statementBalance: v.statementBalance, statementDate: v.statementDate, adjust } },
        {
          success: adjust ? SUCCESS.reconciledWithAdjustment : SUCCESS.reconciled,
          failure: FAILURE.reconcile,
          onFieldErrors: serverErrorsOf(form),
          onDone: (r) => {
            if (!r.reconcileAccount.reconciled) return;
            setOpen(false);
            form.reset();
            onReconciled();
          },
        },
      ),
    );
  const agreed = preview && 'difference' in preview && /^-?0\.00$/.test(preview.difference);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Reconcile"
      description="Enter your bank statement's ending balance and date."
      trigger={
        <Button type="button" $variant="secondary">
          <Scale aria-hidden /> Reconcile
        </Button>
      }
    >
      <Form onSubmit={finish(!agreed)} noValidate>
        <FormGrid>
          <FormRow>
            <Field label="Statement balance" error={errors.statementBalance?.message}>
              <Input {...form.register('statementBalance', MONEY_FIELD)} inputMode="decimal" placeholder="0.00" autoFocus />
            </Field>
            <Field label="Statement date" error={errors.statementDate?.message}>
              <Input type="date" {...form.register('statementDate')} />
            </Field>
          </FormRow>
          <Figures aria-live="polite" aria-label="Reconciliation">
            {preview && 'error' in preview ? (
              <p className="error">{preview.error}</p>
            ) : (
              <>
                <div>
                  <span>Cleared balance</span>
                  <strong>{preview ? formatMoney(preview.clearedBalance) : '—'}</strong>
                </div>
                <div>
                  <span>Difference</span>
                  <strong className={agreed ? 'zero' : 'off'}>{preview ? formatMoney(preview.difference) : '—'}</strong>
                </div>
              </>
            )}
          </Figures>
        </FormGrid>
        <FormActions>
          <Button type="button" $variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving || !preview || 'error' in preview}>
            {saving ? 'Saving…' : agreed ? 'Finish' : 'Add adjustment'}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}

/** The server's cleared balance and difference for what is typed, asked again 300 ms after the last keystroke. */
function usePreview(accountId: string | null, statementBalance: string, statementDate: string): Preview | null {
  const environment = useRelayEnvironment();
  // The answer is kept with what it answers: one for other figures is not shown.
  const [answer, setAnswer] = useState<{ key: string; preview: Preview } | null>(null);
  const valid = accountId !== null && reconcileInput.safeParse({ statementBalance, statementDate }).success;
  const key = `${accountId}:${statementBalance}:${statementDate}`;
  useEffect(() => {
    if (!valid || !accountId) return;
    let current = true;
    const timer = setTimeout(() => {
      fetchQuery<ReconcileDialogPreviewQuery>(
        environment,
        graphql`
          query ReconcileDialogPreviewQuery($id: ID!, $balance: Money!, $date: Date!) {
            node(id: $id) {
              ... on Account {
                reconciliation(statementBalance: $balance, statementDate: $date) {
                  clearedBalance
                  difference
                }
              }
            }
          }
        `,
        { id: accountId, balance: statementBalance, date: statementDate },
        { fetchPolicy: 'network-only' },
      )
        .toPromise()
        .then(
          (data) => {
            const preview = data?.node?.reconciliation;
            if (current && preview) setAnswer({ key, preview });
          },
          (error: unknown) => current && setAnswer({ key, preview: { error: messageOf(error) } }),
        );
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [environment, valid, key, accountId, statementBalance, statementDate]);
  return valid && answer?.key === key ? answer.preview : null;
}

/** The server's reason for a refused statement (a date before the starting date), else a plain one. */
function messageOf(error: unknown): string {
  const errors = (error as { source?: { errors?: { message: string; extensions?: { issues?: { message: string }[] } }[] } })?.source
    ?.errors;
  return errors?.[0]?.extensions?.issues?.[0]?.message ?? errors?.[0]?.message ?? 'Could not compare with the statement.';
}

const Figures = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0.75rem;
  padding: 0.85rem 1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceMuted};
  span {
    display: block;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.85rem;
  }
  strong {
    font-size: 1.25rem;
    font-variant-numeric: tabular-nums;
  }
  .zero {
    color: ${({ theme }) => theme.color.success};
  }
  .off {
    color: ${({ theme }) => theme.color.danger};
  }
  .error {
    grid-column: 1 / -1;
    margin: 0;
    color: ${({ theme }) => theme.color.danger};
  }
`;
