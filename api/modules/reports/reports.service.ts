import type { Prisma } from '../../generated/prisma/client.ts';
import { currentMonth } from '../../lib/dates.ts';
import { Decimal, percentOf } from '../../lib/money.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { totalIncome } from '../paychecks/paychecks.service.ts';
import { listBudgetCategories } from '../budget/budget.service.ts';
import { latestTransactions, listTransactions } from '../transactions/transactions.service.ts';
import { displayName } from '../users/users.service.ts';
import { HTML_REPORT_TRANSACTIONS } from './html-report.ts';
import { reportWindow, type ReportPeriod } from './report-window.ts';

type Range = { from: Date; to: Date };

async function spending(viewer: Viewer, range: Range) {
  const { _sum, _count } = await viewer.prisma.transaction.aggregate({
    where: { ...owned(viewer), date: { gte: range.from, lt: range.to } },
    _sum: { amount: true },
    _count: true,
  });
  return { spent: _sum.amount ?? new Decimal(0), count: _count };
}

/** docs/product.md#dashboard: the current calendar month in the user's time zone, and the 5 latest transactions. */
export async function dashboard(viewer: Viewer, recentQuery: Omit<Prisma.TransactionFindManyArgs, 'where' | 'orderBy'> = {}) {
  const month = currentMonth(viewer.timeZone);
  const range = { from: month.start, to: month.end };
  const [income, { spent }, recentTransactions] = await Promise.all([
    totalIncome(viewer, range),
    spending(viewer, range),
    listTransactions(viewer, {}, { ...recentQuery, take: 5 }),
  ]);
  const remaining = income.minus(spent);
  return { totalIncome: income, totalSpent: spent, remaining, savingsRate: percentOf(remaining, income), recentTransactions };
}

/** The report for a period (docs/product.md#reports): totals, spending by category, budget vs actual (SQL aggregates). */
export async function report(viewer: Viewer, period: ReportPeriod) {
  const range = reportWindow(period, viewer.timeZone);
  const [income, { spent, count }, byCategory, categories] = await Promise.all([
    totalIncome(viewer, range),
    spending(viewer, range),
    viewer.prisma.transaction.groupBy({
      by: ['categoryId'],
      where: { ...owned(viewer), date: { gte: range.from, lt: range.to } },
      _sum: { amount: true },
    }),
    listBudgetCategories(viewer),
  ]);
  const spentBy = new Map(byCategory.map((g) => [g.categoryId, g._sum.amount ?? new Decimal(0)]));
  const netSavings = income.minus(spent);
  const spendingByCategory = byCategory
    .map((g) => {
      const category = categories.find((c) => c.id === g.categoryId) ?? null;
      return { category, name: category?.name ?? 'Uncategorized', amount: g._sum.amount ?? new Decimal(0) };
    })
    .sort((a, b) => b.amount.comparedTo(a.amount) || a.name.localeCompare(b.name));
  const budgetVsActual = categories.map((category) => {
    const actual = spentBy.get(category.id) ?? new Decimal(0);
    return { category, allocated: category.allocatedAmount, spent: actual, overBudget: actual.greaterThan(category.allocatedAmount) };
  });
  return {
    period,
    from: range.from,
    to: new Date(range.to.getTime() - 86_400_000),
    totalIncome: income,
    totalSpent: spent,
    transactionCount: count,
    netSavings,
    savingsRate: percentOf(netSavings, income),
    spendingByCategory,
    budgetVsActual,
  };
}

export type Report = Awaited<ReturnType<typeof report>>;

/** Whether any transaction is dated in `range` (any at all, without one): the exports of none answer 404. */
export async function hasTransactions(viewer: Viewer, range?: Range) {
  const any = await viewer.prisma.transaction.findFirst({
    where: { ...owned(viewer), ...(range ? { date: { gte: range.from, lt: range.to } } : {}) },
    select: { id: true },
  });
  return any !== null;
}

/**
 * The printable report of a period (docs/product.md#exports): the report, its latest transactions and the name of
 * the user it is made out to; null when no transaction is dated in the period (nothing to export).
 */
export async function printableReport(viewer: Viewer, period: ReportPeriod) {
  const data = await report(viewer, period);
  if (data.transactionCount === 0) return null;
  const [transactions, user] = await Promise.all([
    latestTransactions(viewer, reportWindow(period, viewer.timeZone), HTML_REPORT_TRANSACTIONS),
    viewer.prisma.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { firstName: true, lastName: true, email: true } }),
  ]);
  return { report: data, transactions, userName: displayName(user) };
}
