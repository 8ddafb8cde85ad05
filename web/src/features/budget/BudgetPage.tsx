import { useEffect, useState } from 'react';
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
import { Tab, Tabs, TabsContent, TabsList } from '../../components/Tabs.tsx';
import { formatMoney, isNegative } from '../../lib/money.ts';
import { AddCategoryForm } from './AddCategoryForm.tsx';
import { BudgetMonth } from './BudgetMonth.tsx';
import { budgetSearch, budgetVariables, readMonth, readTab, type BudgetTab } from './budget-variables.ts';
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
  // Someone without categories yet starts on the plan (a month has nothing to show them), and their
  // URL names the tab from then on: a reload, once they have categories, stays where they are.
  const [startOnPlan] = useState(() => edges.length === 0 && !search.has('tab') && !search.has('month'));
  const tab = readTab(search, startOnPlan ? 'plan' : 'month');
  const moveTo = (change: Parameters<typeof budgetSearch>[1]) => setSearch(budgetSearch(search, change, startOnPlan ? null : 'month'));
  useEffect(() => {
    if (startOnPlan && !search.has('tab')) setSearch(budgetSearch(search, { tab: 'plan' }, null), { replace: true });
  }, [startOnPlan, search, setSearch]);
  const plan =
    edges.length === 0 ? (
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
            onPlanKind={(kind) => allocation.setPlanKind(row, kind)}
          />
        ))}
      </Rows>
    );
  return (
    <>
      <PageHeader
        title="Budget Allocation"
        description={
          tab === 'plan'
            ? 'Split your income across categories. Drag a slider or type an amount.'
            : 'Give every dollar of the month a job; what is left rolls over to the next.'
        }
        actions={tab === 'plan' && edges.length > 0 && saveButton}
      />
      {/* A click or Enter chooses a tab, not focus alone: a click would otherwise choose it twice
          (pressed, then focused), the second time a navigation to the same URL, which reloads the query. */}
      <Tabs value={tab} activationMode="manual" onValueChange={(value) => moveTo({ tab: value as BudgetTab })}>
        <TabsList aria-label="Budget">
          <Tab value="month">Month</Tab>
          <Tab value="plan">Plan</Tab>
        </TabsList>
        <TabsContent value="month">
          <BudgetMonth
            month={data.viewer.budgetMonth}
            requested={requested}
            error={readMonth(search).error}
            onMonth={(month) => moveTo({ month })}
            onPlan={() => moveTo({ tab: 'plan' })}
          />
        </TabsContent>
        <TabsContent value="plan">
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
          {plan}
          <LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} pageSize={PAGE_SIZE} />
        </TabsContent>
      </Tabs>
      {allocation.changed > 0 && <SaveBar changed={allocation.changed} onDiscard={allocation.discard} saveButton={saveButton} />}
      {leaveWarning}
    </>
  );
}

const Rows = styled.div`
  display: grid;
  gap: 0.75rem;
`;
