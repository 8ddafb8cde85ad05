import { Prisma } from '../../generated/prisma/client.ts';
import { currentMonth } from '../../lib/dates.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { Decimal, percentOf } from '../../lib/money.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { listBudgetCategories } from '../budget/budget.service.ts';
import { assignedInWindow } from '../budget/assigned-in-window.ts';
import { transactionPage, type TransactionPageArgs } from '../transactions/transaction-page.ts';
import { filterWhere, type TransactionFilter } from '../transactions/transaction-filter.ts';
import { displayName } from '../users/users.service.ts';
import { SIGNED_AMOUNT, spentByCategory } from '../transactions/spending.ts';
import { lastDay, requestedWindow, type ReportPeriod, type ReportWindow } from './report-window.ts';

/**
 * A window's income (its paychecks), spending (refunds taken off) and count of transactions, of all accounts or of
 * one, in one statement: on the embedded database each statement is a round of its own
 * (docs/performance.md#the-fresh-path). The Dashboard's month and every report read them here.
 * Scoped to the viewer here, as every raw query is (docs/architecture.md#ownership).
 */
async function windowTotals(viewer: Viewer, window: { from: Date; to: Date }, accountId?: string) {
  const of = (table: Prisma.Sql) =>
    Prisma.sql`FROM ${table} WHERE user_id = ${viewer.budgetId} AND date >= ${window.from} AND date < ${window.to}
      ${accountId ? Prisma.sql`AND account_id = ${accountId}` : Prisma.empty}`;
  const [totals] = await viewer.prisma.$queryRaw<{ income: Decimal | null; spent: Decimal | null; count: number }[]>`
    SELECT (SELECT sum(amount) ${of(Prisma.sql`paychecks`)}) AS income, sum(${SIGNED_AMOUNT}) AS spent, count(*)::int AS count
    ${of(Prisma.sql`transactions`)}`;
  return { income: totals?.income ?? new Decimal(0), spent: totals?.spent ?? new Decimal(0), count: totals?.count ?? 0 };
}

/** docs/product.md#dashboard: the current calendar month in the user's time zone. */
export async function dashboard(viewer: Viewer) {
  const month = currentMonth(viewer.timeZone);
  const { income, spent } = await windowTotals(viewer, { from: month.start, to: month.end });
  const remaining = income.minus(spent);
  return { totalIncome: income, totalSpent: spent, remaining, savingsRate: percentOf(remaining, income) };
}

/** How many of the latest transactions the Dashboard shows. */
const RECENT_TRANSACTIONS = 5;

/** The Dashboard's latest transactions (docs/product.md#dashboard), with the relations `include` names. */
export function recentTransactions(viewer: Viewer, include?: TransactionPageArgs['include']) {
  return transactionPage(viewer, {}, { take: RECENT_TRANSACTIONS, include });
}

/** A report's days and account (docs/product.md#reports): the account must be the viewer's, or it answers as a missing one. */
export interface ReportScope {
  /** The period asked for: the window's, or a custom range's label. */
  period: ReportPeriod;
  window: ReportWindow;
  accountId?: string;
}

/** The account a report is limited to, checked as one of the viewer's: another user's id is NOT_FOUND, like a missing one. */
export async function ownedAccount(viewer: Viewer, accountId: string | undefined) {
  if (accountId && (await viewer.prisma.account.count({ where: { id: accountId, ...owned(viewer) } })) !== 1)
    throw new NotFoundError('Account');
  return accountId;
}

/** The scope of a report or export request: `period` moved by `input.offset`, or `input.from`–`to`, and `input.accountId`. */
export async function reportScope(viewer: Viewer, period: ReportPeriod, input: unknown = {}): Promise<ReportScope> {
  const { window, accountId } = requestedWindow(period, input, viewer.timeZone);
  return { period, window, accountId: await ownedAccount(viewer, accountId) };
}

/**
 * The report of a window (docs/product.md#reports): totals, spending by category, budget vs actual
 * (SQL aggregates). `input` may move the period (`offset`), replace it (`from`/`to`) and limit it to
 * one account (`accountId`); without them it is the spec's period ending today.
 */
export async function report(viewer: Viewer, period: ReportPeriod, input: unknown = {}) {
  return reportOf(viewer, await reportScope(viewer, period, input));
}

export async function reportOf(viewer: Viewer, { period, window, accountId }: ReportScope) {
  const [{ income, spent, count }, byCategory, categories, assigned] = await Promise.all([
    windowTotals(viewer, window, accountId),
    spentByCategory(viewer, window, accountId),
    listBudgetCategories(viewer),
    assignedInWindow(viewer, window),
  ]);
  const spentBy = new Map(byCategory.map((g) => [g.categoryId, g.amount]));
  const netSavings = income.minus(spent);
  const spendingByCategory = byCategory
    .map((g) => {
      const category = categories.find((c) => c.id === g.categoryId) ?? null;
      return { category, name: category?.name ?? 'Uncategorized', amount: g.amount };
    })
    .sort((a, b) => b.amount.comparedTo(a.amount) || a.name.localeCompare(b.name));
  const budgetVsActual = categories.map((category) => {
    const actual = spentBy.get(category.id) ?? new Decimal(0);
    const scaled = assigned.get(category.id) ?? new Decimal(0);
    return {
      category,
      allocated: category.allocatedAmount,
      envelope: scaled,
      spent: actual,
      overBudget: actual.greaterThan(category.allocatedAmount),
      overEnvelope: actual.greaterThan(scaled),
    };
  });
  return {
    period,
    window,
    accountId: accountId ?? null,
    from: window.from,
    to: lastDay(window),
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

/** Whether any transaction matches the export's filter (its window and account; any at all, without one): the exports of none answer 404. */
export async function hasTransactions(viewer: Viewer, filter: TransactionFilter = {}) {
  const any = await viewer.prisma.transaction.findFirst({ where: await filterWhere(viewer, filter), select: { id: true } });
  return any !== null;
}

/** The transactions of a scope, as the exports filter them. */
export const exportFilter = ({ window, accountId }: Omit<ReportScope, 'period'>): TransactionFilter => ({
  from: window.from,
  to: window.to,
  accountId,
});

/** How many of the scope's latest transactions the printable report lists (docs/product.md#exports). */
const HTML_REPORT_TRANSACTIONS = 50;

/**
 * The printable report of a scope (docs/product.md#exports): the report, its latest transactions, the
 * name of the user it is made out to and the account's name when limited to one; null when no
 * transaction is dated in it (nothing to export).
 */
export async function printableReport(viewer: Viewer, scope: ReportScope) {
  const data = await reportOf(viewer, scope);
  if (data.transactionCount === 0) return null;
  const [transactions, user, account] = await Promise.all([
    transactionPage(viewer, exportFilter(scope), { take: HTML_REPORT_TRANSACTIONS, include: { category: true, splits: true } }),
    viewer.prisma.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { firstName: true, lastName: true, email: true } }),
    scope.accountId ? viewer.prisma.account.findFirst({ where: { id: scope.accountId, ...owned(viewer) }, select: { name: true } }) : null,
  ]);
  return { report: data, transactions, userName: displayName(user), accountName: account?.name ?? null };
}
