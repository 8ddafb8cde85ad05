import { useState } from 'react';
import { downloadExport } from '../lib/download.ts';
import { NO_DATA, SUCCESS } from '../lib/messages.ts';
import { useToast } from './toasts.tsx';
import { useUnauthorizedHandler } from './unauthorized.ts';

/**
 * An export's button (Reports' CSV and report, Settings' Export all my data): `busy` while the
 * file downloads, then the "Export successful" toast, "No data" when the server has nothing to
 * export, the sign-in redirect when signed out, else the error's message
 * (docs/product.md#messages-and-errors).
 */
export function useDownload() {
  const toast = useToast();
  const unauthorized = useUnauthorizedHandler();
  const [busy, setBusy] = useState(false);
  const download = async (path: string) => {
    setBusy(true);
    try {
      if (await downloadExport(path)) toast({ title: SUCCESS.exportSuccessful });
      else toast({ title: NO_DATA.title, description: NO_DATA.description, variant: 'destructive' });
    } catch (error) {
      if (!unauthorized(error))
        toast({ title: 'Error', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
