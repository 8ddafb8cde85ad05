import { Suspense, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { graphql } from 'react-relay';
import { CalendarDays, ChevronLeft, ChevronRight, Download, FileText } from 'lucide-react';
import { MIN_OFFSET, reportWindowInput } from '../../../../shared/inputs/reports.ts';
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
import { plural } from '../../lib/plural.ts';
import { NO_DATA, SUCCESS } from '../../lib/messages.ts';
import { BudgetVsActualBars, SpendingBars } from './CategoryBars.tsx';
import { TrendChartNearView } from './TrendChartNearView.tsx';
import { NetWorthHistory } from './NetWorthHistory.tsx';
import { useAccountOptions } from '../accounts/useAccountOptions.ts';
import { Field, Input, Select } from '../../components/Form.tsx';
import {
  exportPath,
  isCustom,
  malformedAccount,
  readReportView,
  reportVariables,
  searchOfView,
  transactionsLink,
  type ReportView,
} from './report-url.ts';
import { AccountNotFound } from '../accounts/AccountNotFound.tsx';

const DESCRIPTION = 'Where your money came from and where it went.';
import { downloadExport } from '../../lib/download.ts';
import { PERIODS } from './report-periods.ts';
import { PageErrorBoundary } from '../../app/PageErrorBoundary.tsx';

export default function ReportsPage() {
  const [search, setSearch] = useSearchParams();
  const { view } = readReportView(search);
  // A link to an account since deleted, never the user's, or no account id at all: say so, and offer every account.
  const notFound = (
    <>
      <PageHeader title="Reports" description={DESCRIPTION} />
      <Card>
        <AccountNotFound what="This report" onShowAll={() => setSearch((s) => (s.delete('accountId'), s), { replace: true })} />
      </Card>
    </>
  );
  if (malformedAccount(view)) return notFound;
  const recover = (error: unknown) => (view.accountId && String(error).includes('Account not found') ? notFound : undefined);
  return (
    <PageErrorBoundary key={view.accountId} recover={recover}>
      <Suspense fallback={<PageSkeleton />}>
        <Report />
      </Suspense>
    </PageErrorBoundary>
  );
}

function Report() {
  const [search, setSearch] = useSearchParams();
  const { view, errors } = readReportView(search);
  const { viewer } = useRouteQuery<ReportsPageQuery>(
    graphql`
      query ReportsPageQuery($period: ReportPeriod!, $offset: Int, $from: Date, $to: Date, $accountId: ID) {
        viewer {
          ...useAccountOptions_viewer
          report(period: $period, offset: $offset, from: $from, to: $to, accountId: $accountId) {
            from
            to
            totalIncome
            totalSpent
            transactionCount
            netSavings
            savingsRate
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
          trend(accountId: $accountId) {
            ...TrendChartNearView_months
          }
          netWorthHistory(months: 24) {
            ...NetWorthHistory_months
          }
        }
      }
    `,
    reportVariables(search),
  );
  const r = viewer.report;
  const { accounts } = useAccountOptions(viewer);
  const toast = useToast();
  const unauthorized = useUnauthorizedHandler();
  const [busy, setBusy] = useState(false);
  const go = (change: Partial<ReportView>) => setSearch(searchOfView({ ...view, ...change }));
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
  const custom = isCustom(view);
  const tab = custom ? CUSTOM : view.period;
  return (
    <Tabs
      value={tab}
      // Custom starts from the days on screen; a period starts again from today.
      onValueChange={(v) =>
        go(v === CUSTOM ? { from: r.from, to: r.to, offset: 0 } : { period: v as ReportPeriod, offset: 0, from: '', to: '' })
      }
    >
      <PageHeader
        title="Reports"
        description={DESCRIPTION}
        actions={
          <>
            <Button
              type="button"
              $variant="secondary"
              disabled={busy || noTransactions}
              onClick={() => exportFile(exportPath('transactions.csv', view))}
            >
              <Download aria-hidden /> Export CSV
            </Button>
            <Button type="button" disabled={busy || noTransactions} onClick={() => exportFile(exportPath('report.html', view))}>
              <FileText aria-hidden /> Export Report
            </Button>
          </>
        }
      />
      <Toolbar>
        <TabsList aria-label="Report period">
          {PERIODS.map((p) => (
            <Tab key={p.value} value={p.value}>
              {p.label}
            </Tab>
          ))}
          <Tab value={CUSTOM}>Custom</Tab>
        </TabsList>
        {accounts.length > 0 && (
          <Field label="Account">
            <Select value={view.accountId || 'all'} onChange={(e) => go({ accountId: e.target.value === 'all' ? '' : e.target.value })}>
              <option value="all">All accounts</option>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </Toolbar>
      {custom ? (
        <CustomRange key={`${view.from}/${view.to}`} view={view} onApply={(from, to) => go({ from, to })} />
      ) : (
        <Stepper aria-label="Report window">
          <Button
            type="button"
            $variant="secondary"
            $size="sm"
            disabled={view.offset <= MIN_OFFSET}
            aria-label="Previous"
            onClick={() => go({ offset: view.offset - 1 })}
          >
            <ChevronLeft aria-hidden /> <span className="word">Previous</span>
          </Button>
          {/* The windows roll (a month on Nov 23 starts Oct 24): say which days the figures cover. */}
          <Covers aria-live="polite">
            <CalendarDays aria-hidden /> {formatDateRange(r.from, r.to)}
          </Covers>
          {/* Future windows are not offered: the latest one ends today (a custom range may go further). */}
          <Button
            type="button"
            $variant="secondary"
            $size="sm"
            disabled={view.offset >= 0}
            aria-label="Next"
            onClick={() => go({ offset: view.offset + 1 })}
          >
            <span className="word">Next</span> <ChevronRight aria-hidden />
          </Button>
        </Stepper>
      )}
      {Object.values(errors).map((message) => (
        <Notice key={message} role="alert">
          {message}: showing the period ending today.
        </Notice>
      ))}
      {[...PERIODS.map((p) => p.value as string), CUSTOM].map((value) => (
        <TabsContent key={value} value={value}>
          {value === tab && <ReportBody report={r} trend={viewer.trend} netWorth={viewer.netWorthHistory} view={view} />}
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** The custom range's days, checked with the shared rules before the URL changes. */
function CustomRange({ view, onApply }: { view: ReportView; onApply(from: string, to: string): void }) {
  const [from, setFrom] = useState(view.from);
  const [to, setTo] = useState(view.to);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const parsed = reportWindowInput.safeParse({ from, to });
    if (parsed.success) return onApply(from, to);
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
  };
  return (
    <Range onSubmit={apply} aria-label="Custom range" noValidate>
      <Field label="From" error={errors.from}>
        <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      </Field>
      <Field label="To" error={errors.to}>
        <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </Field>
      <Button type="submit">Apply</Button>
    </Range>
  );
}

type Data = ReportsPageQuery['response']['viewer'];

function ReportBody({
  report: r,
  trend,
  netWorth,
  view,
}: {
  report: Data['report'];
  trend: Data['trend'];
  netWorth: Data['netWorthHistory'];
  view: ReportView;
}) {
  const link = (categoryId: string | null) => transactionsLink(view, r, categoryId);
  return (
    <>
      <Grid $min="210px">
        <StatCard label="Total Income" value={formatMoney(r.totalIncome)} />
        <StatCard label="Total Spent" value={formatMoney(r.totalSpent)} hint={plural(r.transactionCount, 'transaction')} />
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
            <SpendingBars
              rows={r.spendingByCategory.map((s) => ({ name: s.name, amount: s.amount, link: link(s.category?.id ?? null) }))}
            />
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
      <Trend>
        <CardHeader>
          <h2>Income vs Spending</h2>
          <small>Last 12 calendar months</small>
        </CardHeader>
        <TrendChartNearView months={trend} />
      </Trend>
      <Trend aria-label="Net worth over time">
        <CardHeader>
          <h2>Net Worth</h2>
          <small>All accounts, last 24 month ends</small>
        </CardHeader>
        <NetWorthHistory months={netWorth} height={260} />
      </Trend>
    </>
  );
}

const CUSTOM = 'CUSTOM';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 0 1rem;
  & > div {
    min-width: 12rem;
    margin-bottom: 1rem;
  }
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    & > [role='tablist'] {
      width: 100%;
    }
    & > [role='tablist'] > button {
      flex: 1;
      padding-inline: 0.4rem;
    }
  }
`;
const Stepper = styled.nav`
  display: flex;
  align-items: center;
  gap: 0.5rem 0.75rem;
  margin: -0.25rem 0 1rem;
  /* On a phone the buttons keep their arrows and names (aria-label), and the dates sit between them. */
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    justify-content: space-between;
    .word {
      display: none;
    }
  }
`;
const Range = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 0.75rem;
  margin: -0.25rem 0 1rem;
  & > div {
    min-width: 10rem;
  }
  & > button {
    margin-top: 1.6rem;
  }
`;
const Notice = styled.p`
  color: ${({ theme }) => theme.color.danger};
  font-size: 0.9rem;
  margin: -0.5rem 0 1rem;
`;
const Trend = styled(Card)`
  margin-top: 1rem;
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
const Covers = styled.p`
  display: flex;
  align-items: center;
  gap: 0.4rem;
  margin: 0;
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
