import { Outlet } from 'react-router-dom';
import { useAuth } from './auth.tsx';
import { AppShell } from './shell/AppShell.tsx';

/**
 * Every route's parent: signed in, the one shell (sidebar, header, live updates) stays mounted
 * across every screen, the Dashboard included, so a navigation renders only the new screen;
 * otherwise the route alone (the landing page, or a screen's sign-in redirect).
 */
export function RootLayout() {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return <Outlet />;
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
