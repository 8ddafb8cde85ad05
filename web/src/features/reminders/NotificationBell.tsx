import { lazy, Suspense } from 'react';
import { PageErrorBoundary } from '../../app/PageErrorBoundary.tsx';
import { BellButton } from './BellButton.tsx';

// The panel's code and queries load after the first screen: the bell is in the shell of every
// screen, so anything imported here is in the main script.
const NotificationPanel = lazy(() => import('./NotificationPanel.tsx'));

/** The bell in the header (docs/product.md#reminders); a bell without a count until its panel has loaded. */
export function NotificationBell() {
  const idle = <BellButton unread={0} disabled />;
  return (
    <PageErrorBoundary fallback={idle}>
      <Suspense fallback={idle}>
        <NotificationPanel />
      </Suspense>
    </PageErrorBoundary>
  );
}
