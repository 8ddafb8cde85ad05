import type { Router } from 'express';
import { z } from 'zod';
import { formatCalendarDate, today } from '../../lib/dates.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned } from '../../lib/viewer.ts';
import type { RestRoutes } from '../../rest/router.ts';
import { displayName } from '../users/users.service.ts';
import { latestTransactionsBetween } from '../transactions/transactions.service.ts';
import { transactionsCsv } from './csv-export.ts';
import { HTML_REPORT_TRANSACTIONS, htmlReport } from './html-report.ts';
import { PERIOD_WORD, reportWindow, type ReportPeriod } from './report-window.ts';
import { report } from './reports.service.ts';

const PERIODS: Record<string, ReportPeriod> = { week: 'WEEK', weekly: 'WEEK', month: 'MONTH', monthly: 'MONTH', year: 'YEAR', yearly: 'YEAR' };
/** The query string of the exports: the CSV can also take every transaction (`all`, its default). */
const periodQuery = (allowAll: boolean) =>
  z.object({
    period: z
      .enum([...Object.keys(PERIODS), ...(allowAll ? ['all'] : [])] as [string, ...string[]], { message: 'period must be week, month or year' + (allowAll ? ' (or all)' : '') })
      .default(allowAll ? 'all' : 'month'),
  });
export const csvExportQuery = periodQuery(true);
export const htmlReportQuery = periodQuery(false);
export const NO_DATA = { message: 'No transactions available to export.' };

/** Downloads (SPEC §9): the transactions CSV and the printable HTML report. */
export function registerReportRoutes(router: Router, { handle }: RestRoutes) {
  router.get('/export/transactions.csv', handle(async (viewer, req, res) => {
    const { period } = parseInput(csvExportQuery, req.query);
    const range = period === 'all' ? undefined : reportWindow(PERIODS[period]!, viewer.timeZone);
    const any = await viewer.prisma.transaction.findFirst({ where: { ...owned(viewer), ...(range ? { date: { gte: range.from, lt: range.to } } : {}) }, select: { id: true } });
    if (!any) return void res.status(404).json(NO_DATA);
    res.status(200).type('text/csv; charset=utf-8').attachment(`transactions_${formatCalendarDate(today(viewer.timeZone))}.csv`);
    await new Promise<void>((resolve, reject) => transactionsCsv(viewer, range).on('error', reject).pipe(res).on('finish', resolve).on('error', reject));
  }));

  router.get('/export/report.html', handle(async (viewer, req, res) => {
    const period = PERIODS[parseInput(htmlReportQuery, req.query).period]!;
    const data = await report(viewer, period);
    if (data.transactionCount === 0) return void res.status(404).json(NO_DATA);
    const [transactions, user] = await Promise.all([
      latestTransactionsBetween(viewer, reportWindow(period, viewer.timeZone), HTML_REPORT_TRANSACTIONS),
      viewer.prisma.user.findUniqueOrThrow({ where: { id: viewer.id } }),
    ]);
    res
      .status(200)
      .type('html')
      .attachment(`financial_report_${PERIOD_WORD[period]}_${formatCalendarDate(today(viewer.timeZone))}.html`)
      .send(htmlReport(data, transactions, displayName(user)));
  }));
}
