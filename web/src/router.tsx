import { use, type ComponentType } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { HomeFallback, HomeRoute } from './app/HomeRoute.tsx';
import { RequireSignIn } from './app/RequireSignIn.tsx';
import { RootLayout } from './app/RootLayout.tsx';
import { PageErrorBoundary } from './app/PageErrorBoundary.tsx';
import { RouteError } from './app/RouteError.tsx';
import { PageSkeleton } from './components/Skeleton.tsx';
import { NotFoundPage } from './features/not-found/NotFoundPage.tsx';
import DashboardPage from './features/dashboard/DashboardPage.tsx';
import DashboardPageQuery from './__generated__/DashboardPageQuery.graphql.ts';
import { preloadQuery } from './relay/route-query.ts';
import { keepDataWhenOnly } from './relay/revalidation.ts';
import { toGlobalId } from './lib/global-id.ts';

// Each screen is its own chunk; its route loader fetches its query while the chunk downloads.
// `title` names the screen in the browser tab, as its heading does.
// `viewOnly`: the URL's query parameters that change only what the screen shows of its data (a tab).
function screen(path: string, title: string, data: Parameters<typeof preloadQuery>[1], viewOnly: readonly string[] = []) {
  const code = preloaded(data.screen);
  const shouldRevalidate = viewOnly.length ? keepDataWhenOnly(viewOnly) : undefined;
  return { path, title, Screen: code.Screen, loader: preloadQuery(`/${path}`, { ...data, screen: code.load }), shouldRevalidate };
}

/**
 * A screen's code, loaded once. Unlike React.lazy, the component renders at once when the code is
 * already here (the loader waited for it), so the navigation's transition never shows a fallback.
 */
function preloaded(load: () => Promise<{ default: ComponentType }>) {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let loaded: ComponentType | undefined;
  const start = () =>
    (loading ??= load().then(
      (m) => ((loaded = m.default), m),
      (e: unknown) => {
        loading = undefined; // a failed download is tried again on the next navigation
        throw e;
      },
    ));
  function Screen() {
    const Loaded = loaded ?? use(start()).default;
    return <Loaded />;
  }
  return { Screen, load: start };
}

const screens = [
  screen('accounts', 'Accounts', {
    screen: () => import('./features/accounts/AccountsPage.tsx'),
    query: () => import('./__generated__/AccountsPageQuery.graphql.ts'),
  }),
  screen('accounts/:id', 'Account', {
    screen: () => import('./features/accounts/AccountPage.tsx'),
    query: () => import('./__generated__/AccountPageQuery.graphql.ts'),
    variables: (params) => ({ id: toGlobalId('Account', params.id ?? '') }),
  }),
  screen('paycheck', 'Add Paycheck', {
    screen: () => import('./features/paycheck/PaycheckPage.tsx'),
    query: () => import('./__generated__/PaycheckPageQuery.graphql.ts'),
  }),
  screen(
    'budget',
    'Budget Allocation',
    {
      screen: () => import('./features/budget/BudgetPage.tsx'),
      query: () => import('./__generated__/BudgetPageQuery.graphql.ts'),
      variables: async (_params, search) => (await import('./features/budget/budget-variables.ts')).budgetVariables(search),
    },
    ['tab'],
  ),
  screen('bills', 'Recurring Bills', {
    screen: () => import('./features/bills/BillsPage.tsx'),
    query: () => import('./__generated__/BillsPageQuery.graphql.ts'),
  }),
  screen('schedules', 'Schedules', {
    screen: () => import('./features/schedules/SchedulesPage.tsx'),
    query: () => import('./__generated__/SchedulesPageQuery.graphql.ts'),
  }),
  screen('goals', 'Savings Goals', {
    screen: () => import('./features/goals/GoalsPage.tsx'),
    query: () => import('./__generated__/GoalsPageQuery.graphql.ts'),
  }),
  screen('transactions', 'Transactions', {
    screen: () => import('./features/transactions/TransactionsPage.tsx'),
    query: () => import('./__generated__/TransactionsPageQuery.graphql.ts'),
    // The filters are in the URL; their rules (the shared schemas) load with the screen, not before.
    variables: async (_params, search) => (await import('./features/transactions/transaction-filter.ts')).transactionsVariables(search),
  }),
  screen('rules', 'Rules', {
    screen: () => import('./features/rules/RulesPage.tsx'),
    query: () => import('./__generated__/RulesPageQuery.graphql.ts'),
  }),
  screen('reports', 'Reports', {
    screen: () => import('./features/reports/ReportsPage.tsx'),
    query: () => import('./__generated__/ReportsPageQuery.graphql.ts'),
    // The window and account are in the URL (features/reports/report-url.ts).
    variables: async (_params, search) => (await import('./features/reports/report-url.ts')).reportVariables(search),
  }),
  screen('settings', 'Settings', {
    screen: () => import('./features/settings/SettingsPage.tsx'),
    query: () => import('./__generated__/SettingsPageQuery.graphql.ts'),
  }),
];

// Every route has the app's own error page: no error reaches the router's developer page.
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError standalone />,
    children: [
      {
        path: '/',
        // The home screen's code and query are in the main script: its modules download with it on a cold load.
        element: <HomeRoute Dashboard={DashboardPage} />,
        handle: { title: 'Dashboard' },
        errorElement: <RouteError />,
        loader: preloadQuery('/', {
          screen: async () => ({ default: DashboardPage }),
          query: async () => ({ default: DashboardPageQuery }),
        }),
        hydrateFallbackElement: <HomeFallback />,
      },
      {
        // An invitation's link (docs/product.md#shared-budgets): signed out too, it says to sign in first.
        path: '/invitations/:token',
        handle: { title: 'Invitation' },
        errorElement: <RouteError />,
        hydrateFallbackElement: <PageSkeleton />,
        lazy: async () => ({ Component: (await import('./features/budgets/InvitationPage.tsx')).default }),
      },
      ...screens.map(({ path, title, Screen, loader, shouldRevalidate }) => ({
        path: `/${path}`,
        loader,
        shouldRevalidate,
        handle: { title },
        errorElement: <RouteError />,
        hydrateFallbackElement: <PageSkeleton />,
        element: (
          <RequireSignIn>
            <PageErrorBoundary key={path}>
              <Screen />
            </PageErrorBoundary>
          </RequireSignIn>
        ),
      })),
    ],
  },
  { path: '*', element: <NotFoundPage />, errorElement: <RouteError standalone /> },
]);
