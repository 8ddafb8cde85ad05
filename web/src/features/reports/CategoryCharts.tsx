import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import type { CategoryCharts_report$key } from '../../__generated__/CategoryCharts_report.graphql.ts';
import { Card, CardHeader } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { BudgetVsActualBars, SpendingBars } from './CategoryBars.tsx';
import { transactionsLink, type ReportView } from './report-url.ts';

/**
 * The window's two category charts, side by side: Spending by Category, and Budget vs Actual (each
 * category's envelope against what it spent). Every bar links to the category's transactions of
 * the window and account on screen (`view`).
 */
export function CategoryCharts({ report, view }: { report: CategoryCharts_report$key; view: ReportView }) {
  const r = useFragment(
    graphql`
      fragment CategoryCharts_report on Report {
        from
        to
        spendingByCategory {
          category {
            id
          }
          name
          amount
        }
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
  const link = (categoryId: string | null) => transactionsLink(view, { from: r.from, to: r.to }, categoryId);
  return (
    <Charts>
      <Card>
        <CardHeader>
          <h2>Spending by Category</h2>
        </CardHeader>
        {r.spendingByCategory.length === 0 ? (
          <EmptyState title="No spending in this period" />
        ) : (
          <SpendingBars rows={r.spendingByCategory.map((s) => ({ name: s.name, amount: s.amount, link: link(s.category?.id ?? null) }))} />
        )}
      </Card>
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
              link: link(b.category.id),
            }))}
          />
        )}
      </Card>
    </Charts>
  );
}

const Charts = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  gap: 1rem;
  margin-top: 1.25rem;
`;
