import { z } from 'zod';
import { formatCalendarDate, today } from '../../lib/dates.ts';
import { defineRoutes, route } from '../../rest/route-table.ts';
import { transactionsCsv } from './csv-export.ts';
import { htmlReport } from './html-report.ts';
import { PERIOD_WORD, reportWindow, type ReportPeriod } from './report-window.ts';
import { hasTransactions, printableReport } from './reports.service.ts';

const PERIODS: Record<string, ReportPeriod> = {
  week: 'WEEK',
  weekly: 'WEEK',
  month: 'MONTH',
  monthly: 'MONTH',
  year: 'YEAR',
  yearly: 'YEAR',
};
/** The query string of the exports: the CSV can also take every transaction (`all`, its default). */
const periodQuery = (allowAll: boolean) =>
  z.object({
    period: z
      .enum([...Object.keys(PERIODS), ...(allowAll ? ['all'] : [])] as [string, ...string[]], {
        message: 'period must be week, month or year' + (allowAll ? ' (or all)' : ''),
      })
      .default(allowAll ? 'all' : 'month'),
  });
const csvExportQuery = periodQuery(true);
const htmlReportQuery = periodQuery(false);
const NO_DATA = { message: 'No transactions available to export.' };

/** Downloads (docs/product.md#exports): the transactions CSV and the printable HTML report; 404 with a message when there is nothing to export. */
export const reportRoutes = defineRoutes(
  route({
    method: 'get',
    path: '/export/transactions.csv',
    tag: 'Exports',
    summary: 'The transactions as CSV (Date, Description, Amount, Category)',
    query: csvExportQuery,
    returns: { file: 'text/csv' },
    // A full read (api/rest/full-reads.ts): at most 2 downloads of a user at once.
    fullRead: () => true,
    handler: async (viewer, { query }, _req, res) => {
      const range = query.period === 'all' ? undefined : reportWindow(PERIODS[query.period]!, viewer.timeZone);
      if (!(await hasTransactions(viewer, range))) return void res.status(404).json(NO_DATA);
      return { filename: `transactions_${formatCalendarDate(today(viewer.timeZone))}.csv`, content: transactionsCsv(viewer, range) };
    },
  }),
  route({
    method: 'get',
    path: '/export/report.html',
    tag: 'Exports',
    summary: 'The printable report of a week, month or year',
    query: htmlReportQuery,
    returns: { file: 'text/html' },
    // A full read (api/rest/full-reads.ts): at most 2 downloads of a user at once.
    fullRead: () => true,
    handler: async (viewer, { query }, _req, res) => {
      const period = PERIODS[query.period]!;
      const printable = await printableReport(viewer, period);
      if (!printable) return void res.status(404).json(NO_DATA);
      return {
        filename: `financial_report_${PERIOD_WORD[period]}_${formatCalendarDate(today(viewer.timeZone))}.html`,
        content: htmlReport(printable.report, printable.transactions, printable.userName),
      };
    },
  }),
);
