import { lazy } from 'react';
import { useAuth } from './auth.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { AppShell } from './shell/AppShell.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';

const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage.tsx'));

/** `/`: the landing page while signed out or while the user loads, the Dashboard when signed in. */
export function HomeRoute() {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return <LandingPage />;
  return (
    <AppShell>
      <PageErrorBoundary on="dashboard">
        <DashboardPage />
      </PageErrorBoundary>
    </AppShell>
  );
}
