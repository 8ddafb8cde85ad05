import { test as base } from '@playwright/test';
import type { Profile } from '../api/test/sign-in.ts';
import { signUp } from './fixtures.ts';
import { seed } from './seed.ts';

/**
 * Playwright's `test` for the tests that start as a new user: before its first line, each signs a
 * new person up over HTTP, as the API tests do, and is on the Dashboard. Its fixtures: `user`, the
 * person it is (their profile), and `add`, records made through the API as them (seed.ts). A
 * group's window size is Playwright's own option, `test.use({ viewport })`, set before the
 * sign-up.
 */
export const test = base.extend<{ user: Profile; add: ReturnType<typeof seed> }>({
  user: [async ({ page }, use) => use(await signUp(page)), { auto: true }],
  add: async ({ page }, use) => use(seed(page)),
});

export { expect } from '@playwright/test';
