import { useState } from 'react';
import styled from 'styled-components';
import { graphql } from 'react-relay';
import { Trash2, X } from 'lucide-react';
import type { BulkActionsDeleteMutation } from '../../__generated__/BulkActionsDeleteMutation.graphql.ts';
import type { BulkActionsUpdateMutation } from '../../__generated__/BulkActionsUpdateMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { RecordSelect } from '../../components/RecordSelect.tsx';
import { plural } from '../../lib/plural.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import type { CategoryOption } from '../budget/use-category-options.ts';
import type { Filter } from './transaction-filter.ts';
import type { Selection } from './use-selection.ts';
import '../accounts/account-balances.ts';
import { useReadOnlyControl } from '../../app/read-only.tsx';

const transactions = (n: number) => plural(n, 'transaction');

/**
 * The bar of a selection: "n selected", Select all n matching, a new category for all of them, or
 * Delete — each one atomic call (the ids chosen, or the filter when all are). `onDone` reloads the list;
 * `onRecategorised` names one of the chosen ones given a category (a rule may be offered for its payee).
 */
export function BulkActions({
  selection,
  matching,
  filter,
  categories,
  onDone,
  onRecategorised,
}: {
  selection: Selection;
  matching: number;
  filter: Filter;
  categories: readonly CategoryOption[];
  onDone(): void;
  onRecategorised?(id: string): void;
}) {
  const readOnly = useReadOnlyControl();
  const [category, setCategory] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [update, updating] = useMutationAction<BulkActionsUpdateMutation>(graphql`
    mutation BulkActionsUpdateMutation($input: UpdateTransactionsInput!) {
      updateTransactions(input: $input) {
        count
      }
    }
  `);
  const [remove, removing] = useMutationAction<BulkActionsDeleteMutation>(graphql`
    mutation BulkActionsDeleteMutation($input: DeleteTransactionsInput!) {
      deleteTransactions(input: $input) {
        count
        viewer {
          ...accountBalances_viewer
        }
      }
    }
  `);
  const count = selection.all ? matching : selection.chosen.size;
  if (count === 0) return null;
  const target = selection.all ? { filter: filter ?? {} } : { ids: [...selection.chosen] };
  const done = () => {
    selection.clear();
    setConfirming(false);
    onDone();
  };
  return (
    <Bar role="region" aria-label="Selected transactions">
      <strong>{count} selected</strong>
      {!selection.all && matching > count && (
        <Button type="button" $variant="ghost" $size="sm" onClick={selection.chooseAll}>
          Select all {matching} matching
        </Button>
      )}
      <span className="change">
        <RecordSelect records={categories} aria-label="New category" value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">Change category…</option>
          <option value="none">Uncategorized</option>
        </RecordSelect>
        <Button
          type="button"
          $size="sm"
          disabled={!category || updating}
          {...readOnly}
          onClick={() =>
            update(
              { input: { ...target, categoryId: category === 'none' ? null : category } },
              {
                success: SUCCESS.transactionsUpdated,
                failure: FAILURE.updateTransactions,
                onDone: () => {
                  const [first] = selection.chosen;
                  if (category !== 'none' && !selection.all && first) onRecategorised?.(first);
                  done();
                },
              },
            )
          }
        >
          Apply
        </Button>
      </span>
      <Button type="button" $variant="danger" $size="sm" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden /> Delete
      </Button>
      <Button type="button" $variant="ghost" $size="sm" aria-label="Clear selection" onClick={selection.clear}>
        <X aria-hidden />
      </Button>
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title={`Delete ${transactions(count)}?`}
          description={`${transactions(count)} will be removed, and their amounts go back to their accounts. This cannot be undone.`}
          busy={removing}
          onConfirm={() =>
            remove({ input: target }, { success: SUCCESS.transactionsDeleted, failure: FAILURE.deleteTransactions, onDone: done })
          }
        />
      )}
    </Bar>
  );
}

const Bar = styled.div`
  position: sticky;
  top: 0.5rem;
  z-index: 5;
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 0.5rem 0.75rem;
  padding: 0.6rem 0.75rem;
  margin-bottom: 0.75rem;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.primary};
  background: ${({ theme }) => theme.color.primarySoft};
  .change {
    display: flex;
    gap: 0.4rem;
    align-items: center;
  }
  .change select {
    width: auto;
    max-width: 12rem;
    padding-top: 0.35rem;
    padding-bottom: 0.35rem;
  }
`;
