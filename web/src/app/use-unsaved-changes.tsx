import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { Button } from '../components/Button.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { FormActions } from '../components/Form.tsx';

/**
 * Keeps unsaved edits from being thrown away silently. While `dirty`, leaving the screen inside
 * the app waits for the returned dialog (render it) to say Keep editing or Discard, and closing or
 * reloading the tab asks the browser to confirm.
 */
export function useUnsavedChanges(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title="Discard unsaved changes?"
      description="Your changes on this screen have not been saved yet."
    >
      <FormActions>
        <Button type="button" $variant="secondary" onClick={() => blocker.reset?.()}>
          Keep editing
        </Button>
        <Button type="button" $variant="danger" onClick={() => blocker.proceed?.()}>
          Discard
        </Button>
      </FormActions>
    </Dialog>
  );
}
