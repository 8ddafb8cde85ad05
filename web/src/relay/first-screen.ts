/**
 * What the server puts in the page of `/` for a signed-in browser (api/graphql/first-screen.ts):
 * the user and the answers of the first screen's queries, by `name:variables`
 * (graphql-request.ts's keys). No React and no Relay here: the boot script reads it.
 */
export interface FirstScreen {
  /** As GET /api/auth/user answers it (current-user.ts). */
  user: unknown;
  queries: Record<string, unknown>;
}

let read = false;
let data: FirstScreen | null = null;

/**
 * The first screen's data if the page has it. The element is read once, by whichever script asks
 * first (the boot script and the app's run in either order), and goes with it.
 */
export function firstScreen(): FirstScreen | null {
  if (read) return data;
  read = true;
  const element = document.getElementById('first-screen');
  element?.remove();
  try {
    data = element ? (JSON.parse(element.textContent ?? '') as FirstScreen) : null;
  } catch {
    data = null;
  }
  return data;
}

/**
 * Keeps the browser's time zone in a cookie, which tells the server the user's month when it puts
 * the Dashboard in the next page it serves (requests of the app send it as a header).
 */
export function rememberTimeZone(timeZone: string) {
  document.cookie = `tz=${encodeURIComponent(timeZone)}; path=/; max-age=31536000; samesite=lax`;
}
