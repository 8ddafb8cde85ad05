import type { Page } from '@playwright/test';

export interface Profile {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

let counter = 0;
export function newProfile(overrides: Partial<Profile> = {}): Profile {
  counter += 1;
  return { firstName: 'Jamie', lastName: 'Rivera', email: `jamie.${Date.now()}.${counter}@example.com`, password: 'correct horse battery', ...overrides };
}

/** From anywhere signed out: Get Started Free → Create account → back on `/` signed in. */
export async function signUp(page: Page, profile: Profile = newProfile()) {
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

/** A toast on screen, by its exact title (Radix also announces it in a hidden live region). */
export function toast(page: Page, title: string) {
  return page.getByText(title, { exact: true });
}
