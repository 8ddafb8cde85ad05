import { useMemo, useState } from 'react';
import styled from 'styled-components';
import * as Slider from '@radix-ui/react-slider';
import { graphql, useFragment } from 'react-relay';
import { PieChart, Plus, Trash2 } from 'lucide-react';
import type { BudgetPageQuery } from '../../__generated__/BudgetPageQuery.graphql.ts';
import type { BudgetPage_viewer$key } from '../../__generated__/BudgetPage_viewer.graphql.ts';
import type { BudgetPageAddMutation } from '../../__generated__/BudgetPageAddMutation.graphql.ts';
import type { BudgetPageDeleteMutation } from '../../__generated__/BudgetPageDeleteMutation.graphql.ts';
import type { BudgetPageSaveMutation } from '../../__generated__/BudgetPageSaveMutation.graphql.ts';
import { useRouteQuery } from '../../relay/route-query.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { useUnsavedChanges } from '../../app/use-unsaved-changes.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Card, Grid, StatCard } from '../../components/Card.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Input, Select } from '../../components/Form.tsx';
import { Progress } from '../../components/Progress.tsx';
import { formatMoney, isNegative, toCents } from '../../lib/money.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { amountError } from '../../../../shared/validation.ts';
import { amountForPercent, difference, percentForAmount, sumAmounts } from './linked-allocation.ts';

/** docs/product.md#labels: the category types and their labels. */
export const CATEGORY_TYPES = [
  { value: 'bills', label: 'Bills' },
  { value: 'expenses', label: 'Expenses' },
  { value: 'debt', label: 'Debt Payments' },
  { value: 'investment', label: 'Investments' },
  { value: 'savings', label: 'Savings' },
] as const;
type CategoryType = (typeof CATEGORY_TYPES)[number]['value'];

type Edit = { amount: string; percent: number };

export default function BudgetPage() {
  const data = useRouteQuery<BudgetPageQuery>(
    graphql`
      query BudgetPageQuery {
        viewer {
          ...BudgetPage_viewer
        }
      }
    `,
    {},
  );
  const viewer = useFragment<BudgetPage_viewer$key>(
    graphql`
      fragment BudgetPage_viewer on User {
        budgetSummary {
          totalIncome
        }
        budgetCategories(first: 200) {
          edges {
            node {
              id
              name
              type
              allocatedAmount
              allocatedPercentage
            }
          }
        }
      }
    `,
    data.viewer,
  );
  const income = viewer.budgetSummary.totalIncome;
  const categories = viewer.budgetCategories.edges.map((e) => e.node);
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const rows = categories.map((c) => ({ ...c, edit: edits[c.id] ?? { amount: c.allocatedAmount, percent: c.allocatedPercentage } }));
  const invalid = rows.filter((r) => amountError(r.edit.amount));
  // By value: "500" over a saved "500.00" is no change; a half-typed amount is one.
  const changed = rows.filter(
    (r) => r.edit.percent !== r.allocatedPercentage || amountError(r.edit.amount) || toCents(r.edit.amount) !== toCents(r.allocatedAmount),
  ).length;
  const leaveWarning = useUnsavedChanges(changed > 0);
  const allocated = useMemo(() => sumAmounts(rows.filter((r) => !amountError(r.edit.amount)).map((r) => r.edit.amount)), [rows]);
  const remaining = difference(income, allocated);

  const [name, setName] = useState('');
  const [type, setType] = useState<CategoryType>('expenses');
  const [confirming, setConfirming] = useState<{ id: string; name: string } | null>(null);
  // What the server refused: the new category's name, or a row of the save (by category id).
  const [addError, setAddError] = useState<string>();
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [add, adding] = useMutationAction<BudgetPageAddMutation>(graphql`
    mutation BudgetPageAddMutation($input: AddBudgetCategoryInput!) {
      addBudgetCategory(input: $input) {
        viewer {
          ...BudgetPage_viewer
        }
      }
    }
  `);
  const [remove, removing] = useMutationAction<BudgetPageDeleteMutation>(graphql`
    mutation BudgetPageDeleteMutation($id: ID!) {
      deleteBudgetCategory(id: $id) {
        viewer {
          ...BudgetPage_viewer
        }
      }
    }
  `);
  const [save, saving] = useMutationAction<BudgetPageSaveMutation>(graphql`
    mutation BudgetPageSaveMutation($input: UpdateBudgetAllocationsInput!) {
      updateBudgetAllocations(input: $input) {
        viewer {
          ...BudgetPage_viewer
        }
      }
    }
  `);

  const edit = (id: string, next: Edit) => {
    setEdits((e) => ({ ...e, [id]: next }));
    setRowErrors(({ [id]: _refused, ...rest }) => rest);
  };
  const setPercent = (id: string, percent: number) => edit(id, { percent, amount: amountForPercent(income, percent) });
  const setAmount = (id: string, amount: string, current: number) =>
    edit(id, { amount, percent: amountError(amount) ? current : percentForAmount(income, amount) });
  const discard = () => {
    setEdits({});
    setRowErrors({});
  };
  const saveButton = (
    <Button
      type="button"
      disabled={saving || invalid.length > 0}
      onClick={() =>
        save(
          {
            input: {
              allocations: rows.map((r) => ({ id: r.id, allocatedAmount: r.edit.amount.trim(), allocatedPercentage: r.edit.percent })),
            },
          },
          {
            success: SUCCESS.budgetUpdated,
            failure: FAILURE.saveBudget,
            onFieldErrors: (errors) => setRowErrors(rowErrorsOf(errors, rows)),
            onDone: discard,
          },
        )
      }
    >
      {saving ? 'Saving…' : 'Save Changes'}
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Budget Allocation"
        description="Split your income across categories. Drag a slider or type an amount."
        actions={categories.length > 0 && saveButton}
      />
      <Grid $min="220px">
        <StatCard label="Total Income" value={formatMoney(income)} hint="All paychecks" />
        <StatCard label="Allocated" value={formatMoney(allocated)} hint="Across all categories" />
        <StatCard
          label="Remaining"
          value={formatMoney(remaining)}
          hint={isNegative(remaining) ? 'Over-allocated' : 'Still to allocate'}
          tone={isNegative(remaining) ? 'danger' : undefined}
        />
      </Grid>
      <AddRow
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return;
          add(
            { input: { name: name.trim(), type } },
            {
              success: SUCCESS.categoryAdded,
              failure: FAILURE.addCategory,
              onFieldErrors: (errors) => setAddError(errors.name ?? Object.values(errors)[0]),
              onDone: () => {
                setName('');
                setAddError(undefined);
              },
            },
          );
        }}
      >
        <Input
          aria-label="Category name"
          aria-invalid={addError ? true : undefined}
          placeholder="New category name"
          value={name}
          maxLength={100}
          onChange={(e) => {
            setName(e.target.value);
            setAddError(undefined);
          }}
        />
        <Select aria-label="Category type" value={type} onChange={(e) => setType(e.target.value as CategoryType)}>
          {CATEGORY_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </Select>
        <Button type="submit" disabled={!name.trim() || adding}>
          <Plus aria-hidden /> Add
        </Button>
      </AddRow>
      {addError && <ErrorText role="alert">{addError}</ErrorText>}
      {categories.length === 0 ? (
        <Card>
          <EmptyState
            icon={<PieChart aria-hidden />}
            title="No categories yet"
            text="Add a category above to start allocating your income."
          />
        </Card>
      ) : (
        <Rows>
          {rows.map((r) => {
            const label = CATEGORY_TYPES.find((t) => t.value === r.type)?.label ?? r.type;
            const rowError = amountError(r.edit.amount) ?? rowErrors[r.id];
            return (
              <Row key={r.id} aria-label={r.name}>
                <RowHead>
                  <div>
                    <h2>{r.name}</h2>
                    <Badge $tone="primary">{label}</Badge>
                  </div>
                  <Button
                    type="button"
                    $variant="ghost"
                    $size="sm"
                    aria-label={`Delete ${r.name}`}
                    onClick={() => setConfirming({ id: r.id, name: r.name })}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </RowHead>
                <Controls>
                  <SliderRoot
                    value={[r.edit.percent]}
                    min={0}
                    max={100}
                    step={1}
                    onValueChange={([p]) => setPercent(r.id, p ?? 0)}
                    aria-label={`${r.name} percentage`}
                  >
                    <Slider.Track className="track">
                      <Slider.Range className="range" />
                    </Slider.Track>
                    <Slider.Thumb className="thumb" aria-label={`${r.name} percentage`} />
                  </SliderRoot>
                  <Percent>{r.edit.percent}%</Percent>
                  <AmountInput
                    aria-label={`${r.name} amount`}
                    aria-invalid={rowError ? true : undefined}
                    inputMode="decimal"
                    value={r.edit.amount}
                    onChange={(e) => setAmount(r.id, e.target.value, r.edit.percent)}
                  />
                </Controls>
                {rowError && <ErrorText>{rowError}</ErrorText>}
                <Progress value={r.edit.percent} label={`${r.name} share of income`} />
              </Row>
            );
          })}
        </Rows>
      )}
      {changed > 0 && (
        // Stuck to the bottom of the window: Save stays in reach below a long list and on a phone.
        <SaveBar aria-label="Unsaved changes">
          <strong>
            {changed} unsaved change{changed === 1 ? '' : 's'}
          </strong>
          <div>
            <Button type="button" $variant="secondary" onClick={discard}>
              Discard
            </Button>
            {saveButton}
          </div>
        </SaveBar>
      )}
      {leaveWarning}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Delete category?"
        description={`"${confirming?.name}" will be removed; its transactions and bills stay, uncategorized.`}
        busy={removing}
        onConfirm={() =>
          confirming &&
          remove(
            { id: confirming.id },
            { success: SUCCESS.categoryDeleted, failure: FAILURE.deleteCategory, onDone: () => setConfirming(null) },
          )
        }
      />
    </>
  );
}

/** Server field errors of a save ("allocations.1.allocatedAmount") keyed by the row's category id. */
function rowErrorsOf(errors: Record<string, string>, rows: { id: string }[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([path, message]) => {
      const row = rows[Number(path.split('.').find((part) => /^\d+$/.test(part)))];
      return row ? [[row.id, message]] : [];
    }),
  );
}

const AddRow = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 12rem auto;
  gap: 0.75rem;
  margin: 1.5rem 0 1rem;
  @media (max-width: 640px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;
const Rows = styled.div`
  display: grid;
  gap: 0.75rem;
`;
const Row = styled(Card)`
  display: grid;
  gap: 0.75rem;
`;
const RowHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  & > div {
    display: flex;
    align-items: center;
    gap: 0.6rem;
    flex-wrap: wrap;
  }
  h2 {
    font-size: 1rem;
    overflow-wrap: anywhere;
  }
`;
const Controls = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 3.5rem 9rem;
  align-items: center;
  gap: 1rem;
  @media (max-width: 640px) {
    grid-template-columns: minmax(0, 1fr) 3rem;
    & > input {
      grid-column: 1 / -1;
    }
  }
`;
const SliderRoot = styled(Slider.Root)`
  position: relative;
  display: flex;
  align-items: center;
  height: 1.25rem;
  touch-action: none;
  user-select: none;
  .track {
    position: relative;
    flex: 1;
    height: 0.35rem;
    border-radius: 999px;
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  .range {
    position: absolute;
    height: 100%;
    border-radius: 999px;
    background: ${({ theme }) => theme.color.primary};
  }
  .thumb {
    display: block;
    width: 1.15rem;
    height: 1.15rem;
    border-radius: 999px;
    background: ${({ theme }) => theme.color.surface};
    border: 2px solid ${({ theme }) => theme.color.primary};
    box-shadow: 0 1px 3px rgba(0, 0, 0, 0.2);
  }
  .thumb:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;
const Percent = styled.span`
  font-weight: 700;
  text-align: right;
  font-variant-numeric: tabular-nums;
`;
const AmountInput = styled(Input)`
  text-align: right;
  font-variant-numeric: tabular-nums;
`;
const SaveBar = styled.section`
  position: sticky;
  bottom: 0.75rem;
  z-index: 5;
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 1rem;
  padding: 0.75rem 1rem;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: 0 8px 24px rgba(15, 23, 42, 0.18);
  & > div {
    display: flex;
    gap: 0.5rem;
    margin-left: auto;
  }
`;
const ErrorText = styled.p`
  color: ${({ theme }) => theme.color.danger};
  font-size: 0.82rem;
`;
