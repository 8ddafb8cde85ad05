import { builder } from '../../graphql/builder.ts';
import { owned } from '../../lib/viewer.ts';
import { MAX_TREND_MONTHS } from '../../../shared/inputs/reports.ts';
import { AccountRef } from '../accounts/accounts.graphql.ts';
import { BudgetCategoryRef } from '../budget/budget.graphql.ts';
import { TransactionRef } from '../transactions/transactions.graphql.ts';
import { UserRef } from '../users/users.graphql.ts';
import { REPORT_PERIODS } from './report-window.ts';
import { dashboard, recentTransactions, report, type Report } from './reports.service.ts';
import { trend, type TrendMonth } from './trend.ts';

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
    // A Prisma field: the relations its query selects are read with the rows (Pothos's plan).
    recentTransactions: t.prismaField({
      type: [TransactionRef],
      description: 'The 5 most recent transactions.',
      resolve: (query, _d, _args, ctx) => recentTransactions(ctx.viewer, query.include),
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

const BudgetVsActual = builder.objectRef<Report['budgetVsActual'][number]>('BudgetVsActual').implement({
  description: "One category's allocation against what was spent in it during the report period.",
  fields: (t) => ({
    category: t.field({ type: BudgetCategoryRef, description: 'The budget category.', resolve: (b) => b.category }),
    allocated: t.expose('allocated', { type: 'Money', description: "The category's allocated amount." }),
    envelope: t.expose('envelope', {
      type: 'Money',
      description:
        'What it was assigned in this window: the assigned amounts of the months the window covers, a month covered in part for its share of days.',
    }),
    spent: t.expose('spent', { type: 'Money', description: 'The sum of its transactions in the period.' }),
    overBudget: t.exposeBoolean('overBudget', { description: 'Spent exceeds the allocation (`allocated`).' }),
    overEnvelope: t.exposeBoolean('overEnvelope', { description: 'Spent exceeds the envelope: what the Reports screen marks red.' }),
  }),
});

const TrendMonthRef = builder.objectRef<TrendMonth>('TrendMonth').implement({
  description: 'Income and spending of one calendar month.',
  fields: (t) => ({
    month: t.exposeString('month', { description: '"YYYY-MM".' }),
    income: t.expose('income', { type: 'Money', description: 'The sum of the paychecks dated in the month.' }),
    spending: t.expose('spending', { type: 'Money', description: 'The sum of the transactions dated in the month.' }),
  }),
});

const ReportRef = builder.objectRef<Report>('Report').implement({
  description: 'Totals and breakdowns for a period, computed by the server.',
  fields: (t) => ({
    period: t.field({ type: ReportPeriodEnum, description: 'The period asked for.', resolve: (r) => r.period }),
    offset: t.int({
      nullable: true,
      description: 'Whole periods back (0 ends today); null for a custom range.',
      resolve: (r) => r.window.offset,
    }),
    custom: t.boolean({ description: 'Whether the window is a custom from/to range.', resolve: (r) => r.window.period === null }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      description: 'The account the report is limited to; null for all accounts.',
      resolve: (r, _a, ctx) =>
        r.accountId === null ? null : ctx.viewer.prisma.account.findFirst({ where: { id: r.accountId, ...owned(ctx.viewer) } }),
    }),
    from: t.expose('from', { type: 'Date', description: 'First day covered.' }),
    to: t.expose('to', { type: 'Date', description: 'Last day covered (today, unless moved by offset or a custom range).' }),
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
    description:
      "Totals and breakdowns for a period ending today (in the client's time zone), `offset` periods back, or of a custom `from`–`to` range; of all accounts or of one.",
    args: {
      period: t.arg({ type: ReportPeriodEnum, required: true, description: 'The period (also the step of `offset`).' }),
      offset: t.arg.int({
        required: false,
        description: 'Whole periods back: 0 (the default) ends today, -1 is the period before, … (at most 0).',
      }),
      from: t.arg({
        type: 'Date',
        required: false,
        description: 'A custom range: its first day, with `to` (the period is then only a label).',
      }),
      to: t.arg({
        type: 'Date',
        required: false,
        description: 'A custom range: its last day, with `from` (at most 10 years after `from`).',
      }),
      accountId: t.arg.globalID({ for: AccountRef, required: false, description: 'Only this account’s paychecks and transactions.' }),
    },
    resolve: (_u, { period, accountId, ...window }, ctx) => report(ctx.viewer, period, { ...window, accountId: accountId?.id }),
  }),
  trend: t.field({
    type: [TrendMonthRef],
    description:
      "Income and spending per calendar month: the last `months` ending with the current month (in the client's time zone), oldest first.",
    args: {
      months: t.arg.int({ required: false, defaultValue: 12, description: `How many months (1–${MAX_TREND_MONTHS}).` }),
      accountId: t.arg.globalID({ for: AccountRef, required: false, description: 'Only this account’s paychecks and transactions.' }),
    },
    resolve: (_u, { months, accountId }, ctx) => trend(ctx.viewer, { months, accountId: accountId?.id }),
  }),
}));
