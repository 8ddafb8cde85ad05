import { z } from 'zod';
import { formatCalendarDate, today } from '../../lib/dates.ts';
import { toWireMoney } from '../../lib/money.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { defineRoutes, route, wire } from '../../rest/route-table.ts';
import { checkWindow, reportWindowFields, trendInput } from '../../../shared/inputs/reports.ts';
import { transactionsCsv } from './csv-export.ts';
import { htmlReport } from './html-report.ts';
import { isSpecWindow, PERIOD_WORD, windowDays, type ReportPeriod, type ReportWindow } from './report-window.ts';
import { exportFilter, hasTransactions, ownedAccount, printableReport, report, reportScope, type Report } from './reports.service.ts';
import { trend } from './trend.ts';

const PERIODS: Record<string, ReportPeriod> = {
  week: 'WEEK',
  weekly: 'WEEK',
  month: 'MONTH',
  monthly: 'MONTH',
  year: 'YEAR',
  yearly: 'YEAR',
};
const ALL_WITH_OFFSET = 'offset needs a period of week, month or year';
/**
 * The query string of the report and the exports: a period and the window's offset or custom
 * range and account (shared/inputs/reports.ts). The CSV can also take every transaction (`all`,
 * its default).
 */
const periodQuery = (allowAll: boolean) =>
  z
    .object({
      period: z
        .enum([...Object.keys(PERIODS), ...(allowAll ? ['all'] : [])] as [string, ...string[]], {
          message: 'period must be week, month or year' + (allowAll ? ' (or all)' : ''),
        })
        .default(allowAll ? 'all' : 'month'),
      ...reportWindowFields,
    })
    .superRefine((q, ctx) => {
      checkWindow(q, ctx);
      if (q.period === 'all' && q.offset !== undefined) ctx.addIssue({ code: 'custom', path: ['offset'], message: ALL_WITH_OFFSET });
    });
const csvExportQuery = periodQuery(true);
const reportQuery = periodQuery(false);
const NO_DATA = { message: 'No transactions available to export.' };

/**
 * The name of an export (docs/product.md#exports): the spec's name, with today's date, for a period
 * ending today (or every transaction); else the window's days, so a past or custom window names
 * what it holds.
 */
function exportName(viewer: Viewer, window: ReportWindow | null, spec: (day: string) => string, other: (days: string) => string) {
  return !window || isSpecWindow(window) ? spec(formatCalendarDate(today(viewer.timeZone))) : other(windowDays(window));
}

const money = wire.money;
/** A report as REST answers it: the database's names, money as two-decimal strings. */
const reportAnswer = z.object({
  period: z.enum(['week', 'month', 'year']),
  offset: z.int().nullable().meta({ description: 'null for a custom range' }),
  custom: z.boolean(),
  accountId: z.string().nullable(),
  from: wire.day,
  to: wire.day,
  totalIncome: money,
  totalSpent: money,
  transactionCount: z.int(),
  netSavings: money,
  savingsRate: z.string(),
  spendingByCategory: z.array(z.object({ categoryId: z.string().nullable(), name: z.string(), amount: money })),
  budgetVsActual: z.array(
    z.object({
      categoryId: z.string(),
      name: z.string(),
      allocated: money,
      envelope: money,
      spent: money,
      overBudget: z.boolean(),
      overEnvelope: z.boolean(),
    }),
  ),
});
const trendAnswer = z.object({
  months: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), income: money, spending: money })),
});

function reportJson(r: Report): z.output<typeof reportAnswer> {
  return {
    period: r.period.toLowerCase() as Lowercase<ReportPeriod>,
    offset: r.window.offset,
    custom: r.window.period === null,
    accountId: r.accountId,
    from: formatCalendarDate(r.from),
    to: formatCalendarDate(r.to),
    totalIncome: toWireMoney(r.totalIncome),
    totalSpent: toWireMoney(r.totalSpent),
    transactionCount: r.transactionCount,
    netSavings: toWireMoney(r.netSavings),
    savingsRate: r.savingsRate,
    spendingByCategory: r.spendingByCategory.map((s) => ({
      categoryId: s.category?.id ?? null,
      name: s.name,
      amount: toWireMoney(s.amount),
    })),
    budgetVsActual: r.budgetVsActual.map((b) => ({
      categoryId: b.category.id,
      name: b.category.name,
      allocated: toWireMoney(b.allocated),
      envelope: toWireMoney(b.envelope),
      spent: toWireMoney(b.spent),
      overBudget: b.overBudget,
      overEnvelope: b.overEnvelope,
    })),
  };
}

/** The report and its trend (docs/product.md#reports), and the downloads (docs/product.md#exports): 404 with a message when there is nothing to export. */
export const reportRoutes = defineRoutes(
  route({
    method: 'get',
    path: '/reports',
    tag: 'Reports',
    summary: 'Totals and breakdowns of a week, month or year ending today, offset periods back, or a custom range; of one account or all',
    query: reportQuery,
    returns: { json: reportAnswer },
    handler: async (viewer, { query: { period, ...window } }) => reportJson(await report(viewer, PERIODS[period]!, window)),
  }),
  route({
    method: 'get',
    path: '/reports/trend',
    tag: 'Reports',
    summary: 'Income and spending per calendar month, the last months ending with the current one',
    query: trendInput,
    returns: { json: trendAnswer },
    handler: async (viewer, { query }) => ({
      months: (await trend(viewer, query)).map((m) => ({
        month: m.month,
        income: toWireMoney(m.income),
        spending: toWireMoney(m.spending),
      })),
    }),
  }),
  route({
    method: 'get',
    path: '/export/transactions.csv',
    tag: 'Exports',
    summary: 'The transactions as CSV (Date, Description, Amount, Category)',
    query: csvExportQuery,
    returns: { file: 'text/csv' },
    // A full read (api/rest/concurrent-downloads.ts): at most 2 downloads of a user at once.
    fullRead: () => true,
    handler: async (viewer, { query: { period, ...input } }, _req, res) => {
      // Every transaction (of the account, if one is named) unless a period or a range is asked.
      const scope =
        period === 'all' && !input.from
          ? { window: null, accountId: await ownedAccount(viewer, input.accountId) }
          : await reportScope(viewer, PERIODS[period] ?? 'MONTH', input);
      const filter = scope.window ? exportFilter({ window: scope.window, accountId: scope.accountId }) : { accountId: scope.accountId };
      if (!(await hasTransactions(viewer, filter))) return void res.status(404).json(NO_DATA);
      return {
        filename: exportName(
          viewer,
          scope.window,
          (day) => `transactions_${day}.csv`,
          (days) => `transactions_${days}.csv`,
        ),
        content: transactionsCsv(viewer, filter),
      };
    },
  }),
  route({
    method: 'get',
    path: '/export/report.html',
    tag: 'Exports',
    summary: 'The printable report of a week, month or year (offset periods back), or a custom range; of one account or all',
    query: reportQuery,
    returns: { file: 'text/html' },
    // A full read (api/rest/concurrent-downloads.ts): at most 2 downloads of a user at once.
    fullRead: () => true,
    handler: async (viewer, { query: { period, ...input } }, _req, res) => {
      const scope = await reportScope(viewer, PERIODS[period]!, input);
      const printable = await printableReport(viewer, scope);
      if (!printable) return void res.status(404).json(NO_DATA);
      const word = scope.window.period ? PERIOD_WORD[scope.window.period] : 'custom';
      return {
        filename: exportName(
          viewer,
          scope.window,
          (day) => `financial_report_${word}_${day}.html`,
          (days) => `financial_report_${word}_${days}.html`,
        ),
        content: htmlReport(printable.report, printable.transactions, printable.userName, printable.accountName),
      };
    },
  }),
);
