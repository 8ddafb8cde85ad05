import { useCallback } from 'react';
import { isUnauthorizedError } from '../lib/http-error.ts';
import { UNAUTHORIZED, UNAUTHORIZED_REDIRECT_MS } from '../lib/messages.ts';
import { useToast } from './toasts.tsx';

let redirecting = false;

/**
 * Sign-in, coming back to this screen after it (the server accepts only a path of this app);
 * `prompt: 'login'` asks for the password even while the provider remembers the user.
 */
export function signInUrl(options: { prompt?: 'login' } = {}, location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location) {
  const here = `${location.pathname}${location.search}${location.hash}`;
  const query = new URLSearchParams({ ...(here === '/' ? {} : { returnTo: here }), ...options }).toString();
  return query ? `/api/login?${query}` : '/api/login';
}

/** Sends the browser to sign in, once, 500 ms after the toast is on screen. */
function redirectOnceShown() {
  if (redirecting) return;
  redirecting = true;
  setTimeout(() => window.location.assign(signInUrl()), UNAUTHORIZED_REDIRECT_MS);
}

/**
 * docs/product.md#messages-and-errors: after an unauthorized error, a toast and, 500 ms later, the
 * sign-in page. The 500 ms count from the toast's appearance, not from the error: on a busy
 * machine the screen may take longer than that to show it.
 */
export function useUnauthorizedHandler() {
  const toast = useToast();
  return useCallback(
    (error: unknown, on: 'dashboard' | 'other' = 'other') => {
      if (!isUnauthorizedError(error)) return false;
      if (on === 'dashboard')
        toast({ title: UNAUTHORIZED.title, description: UNAUTHORIZED.description, variant: 'destructive', onShown: redirectOnceShown });
      else toast({ title: UNAUTHORIZED.inline, variant: 'destructive', onShown: redirectOnceShown });
      return true;
    },
    [toast],
  );
}
