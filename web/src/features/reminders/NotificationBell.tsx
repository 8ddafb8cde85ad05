import { lazy, Suspense, useState } from 'react';
import { PageErrorBoundary } from '../../app/PageErrorBoundary.tsx';
import { BellButton } from './BellButton.tsx';
import { changesHeard } from '../../relay/changes-heard.ts';

// The panel's code and queries load after the first screen: the bell is in the shell of every
// screen, so anything imported here is in the main script.
const NotificationPanel = lazy(() => import('./NotificationPanel.tsx'));

/** The bell in the header (docs/product.md#reminders); a bell without a count until its panel has loaded. */
export function NotificationBell() {
  // Counted here, in the shell from the start: a change heard while the panel loads is not missed.
  const [since] = useState(changesHeard);
  const idle = <BellButton unread={0} disabled />;
  return (
    <PageErrorBoundary fallback={idle}>
      <Suspense fallback={idle}>
        <NotificationPanel since={since} />
      </Suspense>
    </PageErrorBoundary>
  );
}
