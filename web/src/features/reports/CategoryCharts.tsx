import { graphql, useFragment } from 'react-relay';
import type { CategoryCharts_budget$key } from '../../__generated__/CategoryCharts_budget.graphql.ts';
import type { CategoryCharts_spending$key } from '../../__generated__/CategoryCharts_spending.graphql.ts';
import { Card, CardHeader } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { BudgetVsActualBars, SpendingBars } from './CategoryBars.tsx';
import { transactionsLink, type ReportView } from './report-url.ts';

/** Spending by Category: a bar per category, each a link to its transactions of the window and account on screen (`view`). */
export function SpendingByCategory({ report, view }: { report: CategoryCharts_spending$key; view: ReportView }) {
  const r = useFragment(
    graphql`
      fragment CategoryCharts_spending on Report {
        from
        to
        spendingByCategory {
          category {
            id
          }
          name
          amount
        }
      }
    `,
    report,
  );
  const days = { from: r.from, to: r.to };
  return (
    <Card>
      <CardHeader>
        <h2>Spending by Category</h2>
      </CardHeader>
      {r.spendingByCategory.length === 0 ? (
        <EmptyState title="No spending in this period" />
      ) : (
        <SpendingBars
          rows={r.spendingByCategory.map((s) => ({
            name: s.name,
            amount: s.amount,
            link: transactionsLink(view, days, s.category?.id ?? null),
          }))}
        />
      )}
    </Card>
  );
}

/** Budget vs Actual: each category's envelope for the window against what it spent, linked as Spending by Category is. */
export function BudgetVsActual({ report, view }: { report: CategoryCharts_budget$key; view: ReportView }) {
  const r = useFragment(
    graphql`
      fragment CategoryCharts_budget on Report {
        from
        to
        budgetVsActual {
          category {
            id
            name
          }
          envelope
          spent
          overEnvelope
        }
      }
    `,
    report,
  );
  const days = { from: r.from, to: r.to };
  return (
    <Card>
      <CardHeader>
        <h2>Budget vs Actual</h2>
      </CardHeader>
      {r.budgetVsActual.length === 0 ? (
        <EmptyState title="No budget categories" text="Add categories on the Budget screen to compare." />
      ) : (
        <BudgetVsActualBars
          rows={r.budgetVsActual.map((b) => ({
            name: b.category.name,
            budget: b.envelope,
            spent: b.spent,
            over: b.overEnvelope,
            link: transactionsLink(view, days, b.category.id),
          }))}
        />
      )}
    </Card>
  );
}
