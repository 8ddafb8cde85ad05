import { useState } from 'react';
import { ConfirmDialog } from '../../components/Dialog.tsx';

/**
 * Editing or deleting a reconciled record asks first (docs/product.md#reconcile): its change would
 * no longer match the statement it was reconciled with. `guarded(reconciled, action, run)` runs
 * `run` (opening the edit or delete dialog) at once, or, for a reconciled record, once confirmed in
 * `dialog`, which the screen renders.
 */
export function useReconciledGuard() {
  const [asking, setAsking] = useState<{ action: 'edit' | 'delete'; run(): void } | null>(null);
  const guarded = (reconciled: boolean, action: 'edit' | 'delete', run: () => void) => (reconciled ? setAsking({ action, run }) : run());
  const dialog = asking && (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && setAsking(null)}
      title="Change a reconciled record?"
      description="It matches a bank statement you reconciled. Changing it makes the account disagree with that statement."
      confirmLabel={asking.action === 'edit' ? 'Edit anyway' : 'Delete anyway'}
      onConfirm={() => {
        asking.run();
        setAsking(null);
      }}
    />
  );
  return [guarded, dialog] as const;
}
