import styled from 'styled-components';
import { graphql } from 'react-relay';
import { Link } from 'react-router-dom';
import { ArrowRight, BarChart3, DollarSign, PiggyBank, PieChart, Plus, Receipt, TrendingDown, Wallet } from 'lucide-react';
import type { DashboardPageQuery } from '../../__generated__/DashboardPageQuery.graphql.ts';
import { useRouteQuery } from '../../relay/route-query.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Card, CardHeader, Grid, StatCard } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { List, TransactionLine } from '../../components/TransactionRow.tsx';
import { formatMoney, isNegative } from '../../lib/money.ts';

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
          dashboard {
            totalIncome
            totalSpent
            remaining
            savingsRate
            recentTransactions {
              id
              description
              date
              amount
              category {
                # Read by TransactionLine.
                # eslint-disable-next-line relay/unused-fields
                name
              }
            }
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
        <Card>
          <CardHeader>
            <h2>Recent Transactions</h2>
            <ViewAll to="/transactions">
              View All <ArrowRight aria-hidden />
            </ViewAll>
          </CardHeader>
          {d.recentTransactions.length === 0 ? (
            <EmptyState
              icon={<Receipt aria-hidden />}
              title="No transactions yet"
              text="Start tracking your expenses to see them here"
              action={
                <AddLink to="/transactions">
                  <Plus aria-hidden /> Add Transaction
                </AddLink>
              }
            />
          ) : (
            <List>
              {d.recentTransactions.map((t) => (
                <li key={t.id}>
                  <TransactionLine description={t.description} date={t.date} amount={t.amount} category={t.category} />
                </li>
              ))}
            </List>
          )}
        </Card>
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
const ViewAll = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
  color: ${({ theme }) => theme.color.primary};
  font-weight: 600;
  text-decoration: none;
  font-size: 0.9rem;
  svg {
    width: 1rem;
    height: 1rem;
  }
`;
const AddLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  padding: 0.55rem 1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.primaryText};
  font-weight: 600;
  text-decoration: none;
  svg {
    width: 1rem;
    height: 1rem;
  }
`;
