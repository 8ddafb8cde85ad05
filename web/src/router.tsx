import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Outlet } from 'react-router-dom';
import { HomeRoute } from './app/HomeRoute.tsx';
import { RequireSignIn } from './app/RequireSignIn.tsx';
import { AppShell } from './app/shell/AppShell.tsx';
import { PageErrorBoundary } from './app/PageErrorBoundary.tsx';
import { NotFoundPage } from './features/not-found/NotFoundPage.tsx';

// Each screen is its own chunk, loaded when first visited.
const screens: Record<string, ComponentType> = {
  accounts: lazy(() => import('./features/accounts/AccountsPage.tsx')),
  paycheck: lazy(() => import('./features/paycheck/PaycheckPage.tsx')),
  budget: lazy(() => import('./features/budget/BudgetPage.tsx')),
  bills: lazy(() => import('./features/bills/BillsPage.tsx')),
  goals: lazy(() => import('./features/goals/GoalsPage.tsx')),
  transactions: lazy(() => import('./features/transactions/TransactionsPage.tsx')),
  reports: lazy(() => import('./features/reports/ReportsPage.tsx')),
};

export const router = createBrowserRouter([
  { path: '/', element: <HomeRoute /> },
  {
    element: (
      <RequireSignIn>
        <AppShell>
          <Outlet />
        </AppShell>
      </RequireSignIn>
    ),
    children: Object.entries(screens).map(([path, Screen]) => ({
      path: `/${path}`,
      element: (
        <PageErrorBoundary key={path}>
          <Screen />
        </PageErrorBoundary>
      ),
    })),
  },
  { path: '*', element: <NotFoundPage /> },
]);
