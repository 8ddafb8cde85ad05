import { useAuth } from './auth.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';

/** `/`: the landing page while signed out or while the user loads, the Dashboard when signed in. */
export function HomeRoute() {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return <LandingPage />;
  return <LandingPage />;
}
