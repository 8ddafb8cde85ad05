import { useEffect } from 'react';
import { runLiveChanges } from '../relay/live-changes.ts';

/** Keeps the live-updates subscription open while the signed-in app is on screen. */
export function LiveUpdates() {
  useEffect(() => {
    const controller = new AbortController();
    void runLiveChanges(controller.signal);
    return () => controller.abort();
  }, []);
  return null;
}
