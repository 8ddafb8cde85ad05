import { useCallback } from 'react';
import { isUnauthorizedError } from '../lib/http-error.ts';
import { UNAUTHORIZED, UNAUTHORIZED_REDIRECT_MS } from '../lib/messages.ts';
import { useToast } from './toasts.tsx';

let redirecting = false;

/** docs/product.md#messages-and-errors: after an unauthorized error, a toast and, 500 ms later, the sign-in page. */
export function useUnauthorizedHandler() {
  const toast = useToast();
  return useCallback(
    (error: unknown, on: 'dashboard' | 'other' = 'other') => {
      if (!isUnauthorizedError(error)) return false;
      if (on === 'dashboard') toast({ title: UNAUTHORIZED.title, description: UNAUTHORIZED.description, variant: 'destructive' });
      else toast({ title: UNAUTHORIZED.inline, variant: 'destructive' });
      if (!redirecting) {
        redirecting = true;
        setTimeout(() => window.location.assign('/api/login'), UNAUTHORIZED_REDIRECT_MS);
      }
      return true;
    },
    [toast],
  );
}
