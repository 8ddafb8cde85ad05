/**
 * What the server puts in the page of `/` for a signed-in browser (api/graphql/first-screen.ts):
 * the user and the answers of the first screen's queries, by `name:variables`
 * (graphql-request.ts's keys). No React and no Relay here: the boot script reads it.
 */
export interface FirstScreen {
  /** As GET /api/auth/user answers it (current-user.ts). */
  user: unknown;
  queries: Record<string, unknown>;
  /** The earliest of the answers' change marks (api/graphql/change-marks.ts). */
  changeMark?: string | null;
}

let read = false;
let data: FirstScreen | null = null;

/**
 * Whether the server is sending the first screen's data: it marks the page at its start, and the
 * data follows the scripts (api/graphql/first-screen.ts). The boot script, which can run before
 * the data has arrived, then leaves it to the app's script, which runs once the page is whole.
 */
export const firstScreenComing = () => document.querySelector('meta[name="first-screen"]') !== null;

/** The first screen's data if the page has it; read once (the element goes with it). */
export function firstScreen(): FirstScreen | null {
  if (read) return data;
  const element = document.getElementById('first-screen');
  // Not here yet while the page still loads: asked again later.
  if (!element && document.readyState === 'loading') return null;
  read = true;
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
