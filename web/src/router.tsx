import { lazy, type ComponentType } from 'react';
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

// Each screen is its own chunk, loaded when first visited, while its route loader fetches its query.
const screens: { path: string; Screen: ComponentType; loader: ReturnType<typeof preloadQuery> }[] = [
  {
    path: 'accounts',
    Screen: lazy(() => import('./features/accounts/AccountsPage.tsx')),
    loader: preloadQuery(() => import('./__generated__/AccountsPageQuery.graphql.ts')),
  },
  {
    path: 'paycheck',
    Screen: lazy(() => import('./features/paycheck/PaycheckPage.tsx')),
    loader: preloadQuery(() => import('./__generated__/PaycheckPageQuery.graphql.ts')),
  },
  {
    path: 'budget',
    Screen: lazy(() => import('./features/budget/BudgetPage.tsx')),
    loader: preloadQuery(() => import('./__generated__/BudgetPageQuery.graphql.ts')),
  },
  {
    path: 'bills',
    Screen: lazy(() => import('./features/bills/BillsPage.tsx')),
    loader: preloadQuery(() => import('./__generated__/BillsPageQuery.graphql.ts')),
  },
  {
    path: 'goals',
    Screen: lazy(() => import('./features/goals/GoalsPage.tsx')),
    loader: preloadQuery(() => import('./__generated__/GoalsPageQuery.graphql.ts')),
  },
  {
    path: 'transactions',
    Screen: lazy(() => import('./features/transactions/TransactionsPage.tsx')),
    loader: preloadQuery(() => import('./__generated__/TransactionsPageQuery.graphql.ts')),
  },
  {
    path: 'reports',
    Screen: lazy(() => import('./features/reports/ReportsPage.tsx')),
    loader: preloadQuery(() => import('./__generated__/ReportsPageQuery.graphql.ts'), { period: DEFAULT_PERIOD }),
  },
];

export const router = createBrowserRouter([
  {
    path: '/',
    element: <HomeRoute />,
    loader: preloadQuery(() => import('./__generated__/DashboardPageQuery.graphql.ts')),
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
