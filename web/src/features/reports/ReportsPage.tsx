import { Suspense, useState } from 'react';
import styled from 'styled-components';
import { graphql } from 'react-relay';
import { CalendarDays, Download, FileText } from 'lucide-react';
import type { ReportsPageQuery, ReportPeriod } from '../../__generated__/ReportsPageQuery.graphql.ts';
import { useRouteQuery } from '../../relay/route-query.ts';
import { useToast } from '../../app/toasts.tsx';
import { useUnauthorizedHandler } from '../../app/unauthorized.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Card, CardHeader, Grid, StatCard } from '../../components/Card.tsx';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageSkeleton } from '../../components/Skeleton.tsx';
import { Tab, Tabs, TabsContent, TabsList } from '../../components/Tabs.tsx';
import { formatDateRange } from '../../lib/dates.ts';
import { formatMoney, isNegative } from '../../lib/money.ts';
import { NO_DATA, SUCCESS } from '../../lib/messages.ts';
import { BudgetVsActualChart, SpendingChart } from './ReportCharts.tsx';
import { downloadExport } from '../../lib/download.ts';
import { DEFAULT_PERIOD, PERIODS } from './report-periods.ts';

export default function ReportsPage() {
  const [period, setPeriod] = useState<ReportPeriod>(DEFAULT_PERIOD);
  return (
    <Tabs value={period} onValueChange={(v) => setPeriod(v as ReportPeriod)}>
      <Suspense fallback={<PageSkeleton />}>
        <Report period={period} />
      </Suspense>
    </Tabs>
  );
}

function Report({ period }: { period: ReportPeriod }) {
  const { viewer } = useRouteQuery<ReportsPageQuery>(
    graphql`
      query ReportsPageQuery($period: ReportPeriod!) {
        viewer {
          report(period: $period) {
            from
            to
            totalIncome
            totalSpent
            transactionCount
            netSavings
            savingsRate
            spendingByCategory {
              name
              amount
            }
            budgetVsActual {
              category {
                name
              }
              allocated
              spent
              overBudget
            }
          }
        }
      }
    `,
    { period },
  );
  const r = viewer.report;
  const toast = useToast();
  const unauthorized = useUnauthorizedHandler();
  const [busy, setBusy] = useState(false);
  const query = PERIODS.find((p) => p.value === period)!.query;
  const exportFile = async (path: string) => {
    setBusy(true);
    try {
      if (await downloadExport(path)) toast({ title: SUCCESS.exportSuccessful });
      else toast({ title: NO_DATA.title, description: NO_DATA.description, variant: 'destructive' });
    } catch (error) {
      if (!unauthorized(error))
        toast({ title: 'Error', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const noTransactions = r.transactionCount === 0;
  return (
    <>
      <PageHeader
        title="Reports"
        description="Where your money came from and where it went."
        actions={
          <>
            <Button
              type="button"
              $variant="secondary"
              disabled={busy || noTransactions}
              onClick={() => exportFile(`/api/export/transactions.csv?period=${query}`)}
            >
              <Download aria-hidden /> Export CSV
            </Button>
            <Button type="button" disabled={busy || noTransactions} onClick={() => exportFile(`/api/export/report.html?period=${query}`)}>
              <FileText aria-hidden /> Export Report
            </Button>
          </>
        }
      />
      <TabsList aria-label="Report period">
        {PERIODS.map((p) => (
          <Tab key={p.value} value={p.value}>
            {p.label}
          </Tab>
        ))}
      </TabsList>
      {/* The windows roll (a month on Nov 23 starts Oct 24): say which days the figures cover. */}
      <Covers>
        <CalendarDays aria-hidden /> {formatDateRange(r.from, r.to)}
      </Covers>
      {PERIODS.map((p) => (
        <TabsContent key={p.value} value={p.value}>
          {p.value === period && <ReportBody report={r} />}
        </TabsContent>
      ))}
    </>
  );
}

function ReportBody({ report: r }: { report: ReportsPageQuery['response']['viewer']['report'] }) {
  return (
    <>
      <Grid $min="210px">
        <StatCard label="Total Income" value={formatMoney(r.totalIncome)} />
        <StatCard
          label="Total Spent"
          value={formatMoney(r.totalSpent)}
          hint={`${r.transactionCount} transaction${r.transactionCount === 1 ? '' : 's'}`}
        />
        <StatCard label="Net Savings" value={formatMoney(r.netSavings)} tone={isNegative(r.netSavings) ? 'danger' : undefined} />
        <StatCard label="Savings Rate" value={`${r.savingsRate}%`} />
      </Grid>
      <Charts>
        <Card>
          <CardHeader>
            <h2>Spending by Category</h2>
          </CardHeader>
          {r.spendingByCategory.length === 0 ? (
            <EmptyState title="No spending in this period" />
          ) : (
            <SpendingChart rows={r.spendingByCategory.map((s) => ({ name: s.name, amount: s.amount }))} />
          )}
        </Card>
        <Card>
          <CardHeader>
            <h2>Budget vs Actual</h2>
          </CardHeader>
          {r.budgetVsActual.length === 0 ? (
            <EmptyState title="No budget categories" text="Add categories on the Budget screen to compare." />
          ) : (
            <BudgetVsActualChart
              rows={r.budgetVsActual.map((b) => ({
                name: b.category.name,
                allocated: b.allocated,
                spent: b.spent,
                overBudget: b.overBudget,
              }))}
            />
          )}
        </Card>
      </Charts>
    </>
  );
}

const Covers = styled.p`
  display: flex;
  align-items: center;
  gap: 0.4rem;
  margin: -0.25rem 0 1rem;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
  svg {
    width: 1rem;
    height: 1rem;
    flex: none;
  }
`;
const Charts = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  gap: 1rem;
  margin-top: 1.25rem;
`;
