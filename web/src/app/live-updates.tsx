import { useEffect } from 'react';
import { useRelayEnvironment } from 'react-relay';
import { runLiveChanges } from '../relay/live-changes.ts';

/**
 * Keeps the live-updates subscription open while the signed-in app is on screen; a switch to
 * another budget (a new environment) opens it again for that budget.
 */
export function LiveUpdates() {
  const environment = useRelayEnvironment();
  useEffect(() => {
    const controller = new AbortController();
    void runLiveChanges(environment, controller.signal);
    return () => controller.abort();
  }, [environment]);
  return null;
}
