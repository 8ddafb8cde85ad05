// A browser context of the benchmark's: signed in (the heavy user's session), on the desktop viewport.
import type { Browser } from '@playwright/test';

/** A new context (profile) on `base` with the session of `cookie` (a request's `Cookie` header). */
export async function signedInContext(browser: Browser, base: string, cookie: string) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  const url = new URL(base);
  // The session's cookie and, as the app left it at an earlier visit, the browser's time zone (with
  // which the server puts the Dashboard's data in the page: docs/performance.md#the-cold-load).
  const pairs = [...cookie.split('; '), `tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`];
  await context.addCookies(
    pairs.map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: url.hostname, path: '/' };
    }),
  );
  return context;
}
