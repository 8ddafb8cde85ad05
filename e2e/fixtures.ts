import { expect, type Locator, type Page } from '@playwright/test';
import { newProfile as newTestProfile, signUpWith, type FollowingClient, type Profile } from '../api/test/sign-in.ts';

/** A new person to sign up: Jamie Rivera, with a unique email. */
export function newProfile(overrides: Partial<Profile> = {}): Profile {
  return newTestProfile({ firstName: 'Jamie', lastName: 'Rivera', ...overrides });
}

/** The page's own HTTP client (it shares the browser's cookies), for the API tests' sign-in flow. */
export function browserClient(page: Page): FollowingClient {
  return {
    async follow(path, init = {}) {
      const res = await page.request.fetch(path, { method: init.method ?? 'GET', form: init.form, maxRedirects: 20 });
      return { res: { status: res.status(), text: () => res.text() }, url: res.url() };
    },
  };
}

/** A new signed-in user on the Dashboard, signed up over HTTP as the API tests do (the sign-up screens have their own tests). */
export async function signUp(page: Page, profile: Profile = newProfile()) {
  await signUpWith(browserClient(page), profile);
  await page.goto('/');
  return profile;
}

/** From anywhere signed out: Get Started Free → Create account → back on `/` signed in. */
export async function signUpInBrowser(page: Page, profile: Profile = newProfile()) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started Free' }).click();
  await page.getByRole('link', { name: 'Create account' }).click();
  await page.getByLabel('First name').fill(profile.firstName);
  await page.getByLabel('Last name').fill(profile.lastName);
  await page.getByLabel('Email').fill(profile.email);
  await page.getByLabel('Password').fill(profile.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return profile;
}

/** The signed-in user as the app sees it (GET /api/auth/user from the page's cookies). */
export async function currentUser(page: Page) {
  const res = await page.request.get('/api/auth/user');
  return { status: res.status(), body: await res.json() };
}

/** Clicks `button` (the first of that name in `within`, the page by default) and returns the dialog titled `title`. */
export async function openDialog(page: Page, button: string | RegExp, title: string, within: Page | Locator = page) {
  await within.getByRole('button', { name: button }).first().click();
  return page.getByRole('dialog', { name: title });
}

/**
 * Waits until the page's animations that end (a dialog rising into place; not a loading shimmer)
 * have ended: what is measured or pictured then is where it stays.
 */
export async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished),
    ),
  );
}

/** The window sizes every screen is tried at: a desktop and a phone. */
export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** Cuts the page's live updates off: every attempt to open their stream fails, as with a stream that is down. */
export async function cutLiveUpdates(page: Page) {
  await page.route('**/graphql', (route) =>
    route.request().postData()?.includes('liveChangesSubscription') ? route.abort() : route.continue(),
  );
}

/**
 * Opens a screen with live updates cut off and counts reloads of its query (`query`): a change
 * made on it must reach it from its own mutation's payload, not from reloading the page.
 */
export async function openWithoutReloads(page: Page, path: string, heading: string, query: string) {
  const reloads = { count: 0 };
  await cutLiveUpdates(page);
  await page.route('**/graphql', (route) => {
    if (route.request().postData()?.includes(query)) reloads.count++;
    return route.fallback();
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  reloads.count = 0;
  return reloads;
}

/**
 * A toast on screen, by its exact title, in the toasts' region: not Radix's hidden announcement of
 * it, nor a dialog or page that shows the same words.
 */
export function toast(page: Page, title: string) {
  return page.getByLabel('Notifications (F8)').getByText(title, { exact: true });
}

/** Runs a GraphQL document from the page, with its session cookie and the CSRF header. */
export async function graphql<T = any>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await page.evaluate(
    async ([q, v]) => {
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' },
        body: JSON.stringify({ query: q, variables: v }),
      });
      return res.json();
    },
    [query, variables] as const,
  );
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

export const SCREENS = ['/', '/accounts', '/paycheck', '/budget', '/bills', '/goals', '/transactions', '/reports'] as const;

/** Runs `look` at a desktop and a 390 px phone, each in the light and the dark theme (for screenshots). */
export async function inEveryLook(
  page: Page,
  look: (variant: { width: number; size: 'desktop' | 'mobile'; theme: string }) => Promise<void>,
) {
  for (const [width, size] of [
    [1280, 'desktop'],
    [390, 'mobile'],
  ] as const) {
    await page.setViewportSize({ width, height: size === 'mobile' ? 844 : 860 });
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await look({ width, size, theme });
    }
  }
}
