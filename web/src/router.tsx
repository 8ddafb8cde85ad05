import { lazy } from 'react';
import { createBrowserRouter, Outlet } from 'react-router-dom';
import { HomeRoute } from './app/HomeRoute.tsx';
import { RequireSignIn } from './app/RequireSignIn.tsx';
import { AppShell } from './app/shell/AppShell.tsx';
import { PageErrorBoundary } from './app/PageErrorBoundary.tsx';
import { PageSkeleton } from './components/Skeleton.tsx';
import { LandingPage } from './features/landing/LandingPage.tsx';
import { NotFoundPage } from './features/not-found/NotFoundPage.tsx';
import { preloadQuery } from './relay/route-query.ts';
import { DEFAULT_PERIOD } from './features/reports/report-periods.ts';

// Each screen is its own chunk; its route loader fetches its query while the chunk downloads.
function screen(path: string, data: Parameters<typeof preloadQuery>[0]) {
  return { path, Screen: lazy(data.screen), loader: preloadQuery(data) };
}

const screens = [
  screen('accounts', {
    screen: () => import('./features/accounts/AccountsPage.tsx'),
    query: () => import('./__generated__/AccountsPageQuery.graphql.ts'),
  }),
  screen('paycheck', {
    screen: () => import('./features/paycheck/PaycheckPage.tsx'),
    query: () => import('./__generated__/PaycheckPageQuery.graphql.ts'),
  }),
  screen('budget', {
    screen: () => import('./features/budget/BudgetPage.tsx'),
    query: () => import('./__generated__/BudgetPageQuery.graphql.ts'),
  }),
  screen('bills', {
    screen: () => import('./features/bills/BillsPage.tsx'),
    query: () => import('./__generated__/BillsPageQuery.graphql.ts'),
  }),
  screen('goals', {
    screen: () => import('./features/goals/GoalsPage.tsx'),
    query: () => import('./__generated__/GoalsPageQuery.graphql.ts'),
  }),
  screen('transactions', {
    screen: () => import('./features/transactions/TransactionsPage.tsx'),
    query: () => import('./__generated__/TransactionsPageQuery.graphql.ts'),
  }),
  screen('reports', {
    screen: () => import('./features/reports/ReportsPage.tsx'),
    query: () => import('./__generated__/ReportsPageQuery.graphql.ts'),
    variables: { period: DEFAULT_PERIOD },
  }),
];

export const router = createBrowserRouter([
  {
    path: '/',
    element: <HomeRoute />,
    loader: preloadQuery({
      screen: () => import('./features/dashboard/DashboardPage.tsx'),
      query: () => import('./__generated__/DashboardPageQuery.graphql.ts'),
    }),
    // SPEC §4: the landing page shows while the current user loads.
    hydrateFallbackElement: <LandingPage />,
  },
  {
    element: (
      <RequireSignIn>
        <AppShell>
          <Outlet />
        </AppShell>
      </RequireSignIn>
    ),
    hydrateFallbackElement: <PageSkeleton />,
    children: screens.map(({ path, Screen, loader }) => ({
      path: `/${path}`,
      loader,
      element: (
        <PageErrorBoundary key={path}>
          <Screen />
        </PageErrorBoundary>
      ),
    })),
  },
  { path: '*', element: <NotFoundPage /> },
]);
