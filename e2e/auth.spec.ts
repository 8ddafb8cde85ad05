import { expect, test } from '@playwright/test';
import { currentUser, newProfile, signUp, signUpInBrowser } from './fixtures.ts';

test('a new visitor creates an account, is signed in on /, and signs out', async ({ page }) => {
  const profile = await signUpInBrowser(page, newProfile({ firstName: 'Grace', lastName: 'Hopper' }));
  expect(await currentUser(page)).toMatchObject({ status: 200, body: { email: profile.email, firstName: 'Grace', lastName: 'Hopper' } });
  await page.goto('/api/logout');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: 'Take Control of Your Financial Future' })).toBeVisible();
  expect((await currentUser(page)).status).toBe(401);
});

test('sign-in shows a clear message for a wrong password', async ({ page }) => {
  const profile = await signUp(page);
  await page.goto('/api/logout');
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('link', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(profile.email);
  await page.getByLabel('Password').fill('not my password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password');
  await page.getByLabel('Password').fill(profile.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect((await currentUser(page)).status).toBe(200);
});
