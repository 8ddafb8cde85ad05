import { Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { graphql } from 'react-relay';
import { CalendarDays, ChevronLeft, ChevronRight, Download, FileText } from 'lucide-react';
import { MIN_OFFSET } from '../../../../shared/inputs/reports.ts';
import type { ReportsPageQuery, ReportPeriod } from '../../__generated__/ReportsPageQuery.graphql.ts';
import { useRouteQuery } from '../../relay/route-query.ts';
import { hasErrorCode } from '../../relay/graphql-errors.ts';
import { useDownload } from '../../app/use-download.ts';
import { PageErrorBoundary } from '../../app/PageErrorBoundary.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Card } from '../../components/Card.tsx';
import { Button } from '../../components/Button.tsx';
import { PageSkeleton } from '../../components/Skeleton.tsx';
import { Tab, Tabs, TabsContent, TabsList } from '../../components/Tabs.tsx';
import { formatDateRange } from '../../lib/dates.ts';
import { useAccountOptions } from '../accounts/use-account-options.ts';
import { AccountField } from '../accounts/AccountField.tsx';
import { AccountNotFound } from '../accounts/AccountNotFound.tsx';
import { CustomRange } from './CustomRange.tsx';
import { ReportBody } from './ReportBody.tsx';
import { PERIODS } from './report-periods.ts';
import { exportPath, isCustom, malformedAccount, readReportView, reportVariables, searchOfView, type ReportView } from './report-url.ts';

const DESCRIPTION = 'Where your money came from and where it went.';

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
  // The server answers NOT_FOUND for an account that is not one of the user's (the only thing this query can miss).
  const recover = (error: unknown) => (view.accountId && hasErrorCode(error, 'NOT_FOUND') ? notFound : undefined);
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
            transactionCount
            ...ReportBody_report
          }
          trend(accountId: $accountId) {
            ...ReportBody_trend
          }
          netWorthHistory(months: 24) {
            ...ReportBody_netWorth
          }
        }
      }
    `,
    reportVariables(search),
  );
  const r = viewer.report;
  const { accounts } = useAccountOptions(viewer);
  const exporting = useDownload();
  const go = (change: Partial<ReportView>) => setSearch(searchOfView({ ...view, ...change }));
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
              disabled={exporting.busy || noTransactions}
              onClick={() => exporting.download(exportPath('transactions.csv', view))}
            >
              <Download aria-hidden /> Export CSV
            </Button>
            <Button
              type="button"
              disabled={exporting.busy || noTransactions}
              onClick={() => exporting.download(exportPath('report.html', view))}
            >
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
          <AccountField
            accounts={accounts}
            value={view.accountId || 'all'}
            onChange={(e) => go({ accountId: e.target.value === 'all' ? '' : e.target.value })}
          >
            <option value="all">All accounts</option>
          </AccountField>
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
const Notice = styled.p`
  color: ${({ theme }) => theme.color.danger};
  font-size: 0.9rem;
  margin: -0.5rem 0 1rem;
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
