import type { BudgetCategory } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import type { Decimal } from '../../lib/money.ts';
import { BudgetCategoryRef } from '../budget/budget.graphql.ts';
import { TransactionRef } from '../transactions/transactions.graphql.ts';
import { UserRef } from '../users/users.graphql.ts';
import { REPORT_PERIODS } from './report-window.ts';
import { dashboard, report, type Report } from './reports.service.ts';

type Dashboard = Awaited<ReturnType<typeof dashboard>>;

const DashboardRef = builder.objectRef<Dashboard>('Dashboard').implement({
  description: "The current calendar month (in the client's time zone, X-Time-Zone) at a glance.",
  fields: (t) => ({
    totalIncome: t.expose('totalIncome', { type: 'Money', description: 'Paychecks this month.' }),
    totalSpent: t.expose('totalSpent', { type: 'Money', description: 'Transactions this month.' }),
    remaining: t.expose('remaining', { type: 'Money', description: 'Income minus spent: available to save.' }),
    savingsRate: t.exposeString('savingsRate', {
      description: 'Remaining / income × 100 with one decimal ("12.5"); "0.0" when income is 0.',
    }),
    recentTransactions: t.field({
      type: [TransactionRef],
      description: 'The 5 most recent transactions.',
      resolve: (d) => d.recentTransactions,
    }),
  }),
});

const ReportPeriodEnum = builder.enumType('ReportPeriod', {
  description: 'WEEK: the last 7 days; MONTH: the last one month; YEAR: the last one year — each ending today.',
  values: {
    WEEK: { description: 'The last 7 days, today included.' },
    MONTH: { description: 'From the day after this day last month through today.' },
    YEAR: { description: 'From the day after this day last year through today.' },
  } satisfies Record<(typeof REPORT_PERIODS)[number], { description: string }>,
});

const CategorySpending = builder.objectRef<Report['spendingByCategory'][number]>('CategorySpending').implement({
  description: 'What was spent in one category, or without one, during the report period.',
  fields: (t) => ({
    category: t.field({
      type: BudgetCategoryRef,
      nullable: true,
      description: 'Null for uncategorized spending.',
      resolve: (s) => s.category,
    }),
    name: t.exposeString('name', { description: 'The category name, or "Uncategorized".' }),
    amount: t.expose('amount', { type: 'Money', description: 'The sum of those transactions in the period.' }),
  }),
});

const BudgetVsActual = builder
  .objectRef<{ category: BudgetCategory; allocated: Decimal; spent: Decimal; overBudget: boolean }>('BudgetVsActual')
  .implement({
    description: "One category's allocation against what was spent in it during the report period.",
    fields: (t) => ({
      category: t.field({ type: BudgetCategoryRef, description: 'The budget category.', resolve: (b) => b.category }),
      allocated: t.expose('allocated', { type: 'Money', description: "The category's allocated amount." }),
      spent: t.expose('spent', { type: 'Money', description: 'The sum of its transactions in the period.' }),
      overBudget: t.exposeBoolean('overBudget', { description: 'Spent exceeds the allocation.' }),
    }),
  });

const ReportRef = builder.objectRef<Report>('Report').implement({
  description: 'Totals and breakdowns for a period, computed by the server.',
  fields: (t) => ({
    period: t.field({ type: ReportPeriodEnum, description: 'The period asked for.', resolve: (r) => r.period }),
    from: t.expose('from', { type: 'Date', description: 'First day covered.' }),
    to: t.expose('to', { type: 'Date', description: 'Last day covered (today).' }),
    totalIncome: t.expose('totalIncome', { type: 'Money', description: 'The sum of the paychecks dated in the period.' }),
    totalSpent: t.expose('totalSpent', { type: 'Money', description: 'The sum of the transactions dated in the period.' }),
    transactionCount: t.exposeInt('transactionCount', { description: 'How many transactions are dated in the period.' }),
    netSavings: t.expose('netSavings', { type: 'Money', description: 'Income minus spent; negative when overspent.' }),
    savingsRate: t.exposeString('savingsRate', { description: 'Net savings / income × 100, one decimal; "0.0" without income.' }),
    spendingByCategory: t.field({ type: [CategorySpending], description: 'Largest first.', resolve: (r) => r.spendingByCategory }),
    budgetVsActual: t.field({ type: [BudgetVsActual], description: 'Every category, in budget order.', resolve: (r) => r.budgetVsActual }),
  }),
});

builder.prismaObjectFields(UserRef, (t) => ({
  dashboard: t.field({
    type: DashboardRef,
    description: 'The Dashboard figures for the current calendar month.',
    resolve: (_u, _a, ctx) => dashboard(ctx.viewer),
  }),
  report: t.field({
    type: ReportRef,
    description: "Totals and breakdowns for a period ending today (in the client's time zone).",
    args: { period: t.arg({ type: ReportPeriodEnum }) },
    resolve: (_u, { period }, ctx) => report(ctx.viewer, period),
  }),
}));
