import styled from 'styled-components';
import { graphql } from 'react-relay';
import { Link } from 'react-router-dom';
import { BarChart3, DollarSign, PiggyBank, PieChart, Receipt, TrendingDown, Wallet } from 'lucide-react';
import type { DashboardPageQuery } from '../../__generated__/DashboardPageQuery.graphql.ts';
import { useRouteQuery } from '../../relay/route-query.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Grid, StatCard } from '../../components/Card.tsx';
import { formatMoney, isNegative } from '../../lib/money.ts';
import { RecentTransactions } from './RecentTransactions.tsx';
import { IncomeSpendingCard } from './IncomeSpendingCard.tsx';

const QUICK_ACTIONS = [
  { to: '/paycheck', title: 'Add Paycheck', text: 'Log new income', icon: Wallet },
  { to: '/transactions', title: 'Log Expense', text: 'Track spending', icon: Receipt },
  { to: '/reports', title: 'View Reports', text: 'Analyze trends', icon: BarChart3 },
  { to: '/budget', title: 'Adjust Budget', text: 'Update allocations', icon: PieChart },
];

export default function DashboardPage() {
  const { viewer } = useRouteQuery<DashboardPageQuery>(
    graphql`
      query DashboardPageQuery {
        viewer {
          firstName
          displayName
          # Nothing recorded yet: a first visit, greeted "Welcome" rather than "Welcome back".
          accounts(first: 0) {
            totalCount
          }
          paychecks(first: 0) {
            totalCount
          }
          budgetCategories(first: 0) {
            totalCount
          }
          transactions(first: 0) {
            totalCount
          }
          recurringBills(first: 0) {
            totalCount
          }
          savingsGoals(first: 0) {
            totalCount
          }
          ...IncomeSpendingCard_viewer
          dashboard {
            totalIncome
            totalSpent
            remaining
            savingsRate
            ...RecentTransactions_dashboard
          }
        }
      }
    `,
    {},
  );
  const d = viewer.dashboard;
  const firstVisit = [
    viewer.accounts,
    viewer.paychecks,
    viewer.budgetCategories,
    viewer.transactions,
    viewer.recurringBills,
    viewer.savingsGoals,
  ].every((c) => c.totalCount === 0);
  const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(new Date());
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`${firstVisit ? 'Welcome' : 'Welcome back'}, ${viewer.firstName ?? viewer.displayName}! Here's your overview for ${month}.`}
      />
      <Grid $min="210px">
        <StatCard label="Total Income" value={formatMoney(d.totalIncome)} hint="This month" icon={<DollarSign aria-hidden />} />
        <StatCard label="Total Spent" value={formatMoney(d.totalSpent)} hint="This month" icon={<TrendingDown aria-hidden />} />
        <StatCard
          label="Remaining"
          value={formatMoney(d.remaining)}
          hint="Available to save"
          icon={<PiggyBank aria-hidden />}
          tone={isNegative(d.remaining) ? 'danger' : 'success'}
        />
        <StatCard label="Savings Rate" value={`${d.savingsRate}%`} hint="Of total income" icon={<BarChart3 aria-hidden />} />
      </Grid>
      <Section>
        <h2>Quick Actions</h2>
        <Grid $min="200px">
          {QUICK_ACTIONS.map(({ to, title, text, icon: Icon }) => (
            <Action key={to} to={to}>
              <span className="icon">
                <Icon aria-hidden />
              </span>
              <span>
                <strong>{title}</strong>
                <small>{text}</small>
              </span>
            </Action>
          ))}
        </Grid>
      </Section>
      <Section>
        <RecentTransactions dashboard={d} />
      </Section>
      <Section>
        <IncomeSpendingCard viewer={viewer} />
      </Section>
    </>
  );
}

const Section = styled.section`
  margin-top: 2rem;
  & > h2 {
    font-size: 1.05rem;
    margin-bottom: 0.75rem;
  }
`;
const Action = styled(Link)`
  display: flex;
  align-items: center;
  gap: 0.85rem;
  padding: 1rem;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  text-decoration: none;
  transition:
    border-color 120ms ease,
    transform 120ms ease;
  &:hover {
    border-color: ${({ theme }) => theme.color.primary};
    transform: translateY(-1px);
  }
  .icon {
    display: inline-flex;
    padding: 0.6rem;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.primarySoft};
    color: ${({ theme }) => theme.color.primary};
  }
  .icon svg {
    width: 1.2rem;
    height: 1.2rem;
  }
  strong {
    display: block;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.85rem;
  }
`;
