import type { ComponentType } from 'react';
import { useAuth } from './auth.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { AppShell } from './shell/AppShell.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';

/**
 * `/`: the landing page while signed out or while the user loads, the Dashboard when signed in.
 * `Dashboard` is the screen's preloaded code (router.tsx), so it renders without suspending.
 */
export function HomeRoute({ Dashboard }: { Dashboard: ComponentType }) {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return <LandingPage />;
  return (
    <AppShell>
      <PageErrorBoundary on="dashboard">
        <Dashboard />
      </PageErrorBoundary>
    </AppShell>
  );
}
