import type { ComponentType } from 'react';
import { useAuth } from './auth.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { PageSkeleton } from '../components/Skeleton.tsx';

/**
 * `/`: the landing page while signed out or while the user loads, the Dashboard (in RootLayout's shell) when signed in.
 * `Dashboard` is the screen's code, in the main script (router.tsx), so it renders without suspending.
 */
export function HomeRoute({ Dashboard }: { Dashboard: ComponentType }) {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return <LandingPage />;
  return (
    <PageErrorBoundary on="dashboard">
      <Dashboard />
    </PageErrorBoundary>
  );
}

/**
 * `/` while its loader runs on the first load: the landing page until the user is known
 * (docs/product.md#sign-in), then, signed in, a skeleton inside the shell.
 */
export function HomeFallback() {
  const auth = useAuth();
  return auth.status === 'signed-in' ? <PageSkeleton /> : <LandingPage />;
}
