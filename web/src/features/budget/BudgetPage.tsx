import styled from 'styled-components';
import { graphql, usePaginationFragment } from 'react-relay';
import { PieChart } from 'lucide-react';
import { useNavigation, useSearchParams } from 'react-router-dom';
import type { BudgetPageQuery } from '../../__generated__/BudgetPageQuery.graphql.ts';
import type { BudgetPage_viewer$key } from '../../__generated__/BudgetPage_viewer.graphql.ts';
import type { BudgetPagePaginationQuery } from '../../__generated__/BudgetPagePaginationQuery.graphql.ts';
import { useRefetchQuery, useRouteQuery } from '../../relay/route-query.ts';
import { useUnsavedChanges } from '../../app/use-unsaved-changes.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Card, Grid, StatCard } from '../../components/Card.tsx';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { formatMoney, isNegative } from '../../lib/money.ts';
import { AddCategoryForm } from './AddCategoryForm.tsx';
import { BudgetMonth } from './BudgetMonth.tsx';
import { budgetVariables, readMonth } from './budget-variables.ts';
import { BudgetRow } from './BudgetRow.tsx';
import { SaveBar } from './SaveBar.tsx';
import { useAllocationEdits } from './use-allocation-edits.ts';
import { useProgressive } from '../../lib/use-progressive.ts';

const PAGE_SIZE = 100;

const QUERY = graphql`
  query BudgetPageQuery($month: String) {
    viewer {
      ...BudgetPage_viewer
      budgetMonth(month: $month) {
        ...BudgetMonth_month
      }
    }
  }
`;

export default function BudgetPage() {
  const [search, setSearch] = useSearchParams();
  const variables = budgetVariables(search);
  // The month being loaded (the URL changes once it is): quick clicks on the arrows count from it.
  const pending = useNavigation().location;
  const requested = pending?.pathname === '/budget' ? budgetVariables(new URLSearchParams(pending.search)).month : variables.month;
  const data = useRouteQuery<BudgetPageQuery>(QUERY, variables);
  const refetch = useRefetchQuery<BudgetPageQuery>(QUERY, variables);
  const {
    data: viewer,
    hasNext,
    isLoadingNext,
    loadNext,
  } = usePaginationFragment<BudgetPagePaginationQuery, BudgetPage_viewer$key>(
    graphql`
      fragment BudgetPage_viewer on User
      @refetchable(queryName: "BudgetPagePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 100 }, cursor: { type: "String" }) {
        budgetSummary {
          totalIncome
        }
        budgetCategories(first: $count, after: $cursor) @connection(key: "BudgetPage_budgetCategories") {
          __id
          edges {
            node {
              ...useAllocationEdits_categories
              ...BudgetRow_category
            }
          }
        }
      }
    `,
    data.viewer,
  );
  const income = viewer.budgetSummary.totalIncome;
  const { __id: connection, edges } = viewer.budgetCategories;
  const allocation = useAllocationEdits(
    income,
    edges.map((e) => e.node),
    refetch,
  );
  const leaveWarning = useUnsavedChanges(allocation.changed > 0);
  const rows = useProgressive(allocation.rows);
  const saveButton = (
    <Button type="button" disabled={allocation.saving || allocation.invalid} onClick={allocation.save}>
      {allocation.saving ? 'Saving…' : 'Save Changes'}
    </Button>
  );
  const { remaining } = allocation;
  return (
    <>
      <PageHeader
        title="Budget Allocation"
        description="Split your income across categories. Drag a slider or type an amount."
        actions={edges.length > 0 && saveButton}
      />
      <Grid $min="220px">
        <StatCard label="Total Income" value={formatMoney(income)} hint="All paychecks" />
        <StatCard label="Allocated" value={formatMoney(allocation.allocated)} hint="Across all categories" />
        <StatCard
          label="Remaining"
          value={formatMoney(remaining)}
          hint={isNegative(remaining) ? 'Over-allocated' : 'Still to allocate'}
          tone={isNegative(remaining) ? 'danger' : undefined}
        />
      </Grid>
      <AddCategoryForm connection={connection} />
      {edges.length === 0 ? (
        <Card>
          <EmptyState
            icon={<PieChart aria-hidden />}
            title="No categories yet"
            text="Add a category above to start allocating your income."
          />
        </Card>
      ) : (
        <Rows>
          {rows.map((row) => (
            <BudgetRow
              key={row.id}
              category={row.category}
              connection={connection}
              allocation={row.edit}
              error={allocation.errorOf(row)}
              onPercent={(percent) => allocation.setPercent(row.id, percent)}
              onAmount={(amount) => allocation.setAmount(row.id, amount, row.edit.percent)}
            />
          ))}
        </Rows>
      )}
      <LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} pageSize={PAGE_SIZE} />
      <MonthSection>
        <BudgetMonth
          month={data.viewer.budgetMonth}
          requested={requested}
          error={readMonth(search).error}
          onMonth={(month) => setSearch({ month })}
        />
      </MonthSection>
      {allocation.changed > 0 && <SaveBar changed={allocation.changed} onDiscard={allocation.discard} saveButton={saveButton} />}
      {leaveWarning}
    </>
  );
}

const MonthSection = styled.div`
  margin-top: 2rem;
`;
const Rows = styled.div`
  display: grid;
  gap: 0.75rem;
`;
