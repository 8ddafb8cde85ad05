import styled from 'styled-components';
import { graphql } from 'react-relay';
import { Link } from 'react-router-dom';
import { BarChart3, DollarSign, PiggyBank, PieChart, Receipt, TrendingDown, Wallet } from 'lucide-react';
import type { DashboardPageQuery } from '../../__generated__/DashboardPageQuery.graphql.ts';
import { useRefetchQuery, useRouteQuery } from '../../relay/route-query.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Grid, StatCard } from '../../components/Card.tsx';
import { formatMoney, isNegative } from '../../lib/money.ts';
import { BudgetProgressCard } from './BudgetProgressCard.tsx';
import { GoalsCard } from './GoalsCard.tsx';
import { IncomeSpendingCard } from './IncomeSpendingCard.tsx';
import { NetWorthCard } from './NetWorthCard.tsx';
import { RecentTransactions } from './RecentTransactions.tsx';
import { UpcomingBillsCard } from './UpcomingBillsCard.tsx';
import { WaitingCard } from './WaitingCard.tsx';
import { ForecastCard } from './ForecastCard.tsx';
import { wholeWords } from '../../components/text.ts';
import { useAfterFirstFrame } from '../../lib/use-progressive.ts';

const QUICK_ACTIONS = [
  { to: '/paycheck', title: 'Add Paycheck', text: 'Log new income', icon: Wallet },
  { to: '/transactions', title: 'Log Expense', text: 'Track spending', icon: Receipt },
  { to: '/reports', title: 'View Reports', text: 'Analyze trends', icon: BarChart3 },
  { to: '/budget', title: 'Adjust Budget', text: 'Update allocations', icon: PieChart },
];

const QUERY = graphql`
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
        ...RecentTransactions_dashboard
      }
      budgetMonth {
        ...BudgetProgressCard_month
      }
      ...UpcomingBillsCard_viewer
      ...WaitingCard_viewer
      ...ForecastCard_viewer
      ...GoalsCard_viewer
      ...NetWorthCard_viewer
      ...IncomeSpendingCard_viewer
    }
  }
`;

export default function DashboardPage() {
  const { viewer } = useRouteQuery<DashboardPageQuery>(QUERY, {});
  // A payment also moves this month's spending and budget progress, which its payload does not reselect.
  const refetch = useRefetchQuery<DashboardPageQuery>(QUERY, {});
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
  // The first frame draws what a screen shows before scrolling (the figures and the first row of
  // cards); the rest comes from the next frame (docs/performance.md#the-cold-load).
  const rest = useAfterFirstFrame();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`${firstVisit ? 'Welcome' : 'Welcome back'}, ${viewer.firstName ?? viewer.displayName}! Here's your overview for ${month}.`}
      />
      <StatGrid>
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
      </StatGrid>
      {/* Where the money goes this month; a full-width card (a chart) may join this grid. */}
      <Insights aria-label="This month at a glance">
        <BudgetProgressCard month={viewer.budgetMonth} />
        <WaitingCard viewer={viewer} onDone={refetch} />
        <UpcomingBillsCard viewer={viewer} onPaid={refetch} />
        {rest && (
          <>
            <ForecastCard viewer={viewer} />
            <GoalsCard viewer={viewer} />
            <NetWorthCard viewer={viewer} />
            <IncomeSpendingCard viewer={viewer} />
          </>
        )}
      </Insights>
      {rest && <BelowTheFold dashboard={d} />}
    </>
  );
}

/** The Dashboard's quick actions and latest transactions: below the cards, drawn a frame after them. */
function BelowTheFold({ dashboard }: { dashboard: DashboardPageQuery['response']['viewer']['dashboard'] }) {
  return (
    <>
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
        <RecentTransactions dashboard={dashboard} />
      </Section>
    </>
  );
}

/** The four month figures: a row of four, two by two on narrower screens (a phone included). */
const StatGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 1rem;
  @media (max-width: 1100px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (max-width: 560px) {
    gap: 0.75rem;
    & > section {
      padding: 0.9rem;
    }
    & > section > div:nth-child(2) {
      font-size: 1.2rem;
      ${wholeWords}
    }
  }
`;
const Insights = styled.section`
  margin-top: 1.5rem;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 320px), 1fr));
  align-items: start;
  gap: 1rem;
`;
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
