import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { browserClient, graphql, newProfile, openDialog, signUp, toast, VIEWPORTS } from './fixtures.ts';
import { signInWith, signUpWith, type FollowingClient, type Profile } from '../api/test/sign-in.ts';

// Signing in and out, and Settings' operations that could take an account over, in the browser
// (docs/security.md#confirming-who-is-asking): the way back to a deep link, a used recovery code,
// the new token's example, the dialogs that revoke API tokens, and the current password asked again.
const OUT = 'test-results/screenshots';

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** Signs in on the provider's page that the browser is on. */
async function signInOnPage(page: Page, profile: Profile) {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(profile.email);
  await page.getByLabel('Password').fill(profile.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a deep link opened signed out comes back to that screen after sign-in, and only to a screen of the app', async ({ page }) => {
  const profile = await signUp(page);
  await page.goto('/api/logout');
  await page.waitForURL((url) => url.pathname === '/');

  await page.goto('/reports?period=YEAR&offset=-1');
  await signInOnPage(page, profile);
  await page.waitForURL((url) => url.pathname === '/reports');
  expect(new URL(page.url()).search).toBe('?period=YEAR&offset=-1');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Yearly', selected: true })).toBeVisible();

  // A link that would send the browser elsewhere after signing in lands on the Dashboard.
  await page.goto('/api/logout');
  await page.goto(`/api/login?returnTo=${encodeURIComponent('//evil.example/steal')}`);
  await signInOnPage(page, profile);
  await page.waitForURL((url) => url.pathname === '/');
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('a link on another site to /api/logout asks first; the confirm page and the app’s own Sign Out sign out', async ({
  page,
  baseURL,
}) => {
  fs.mkdirSync(OUT, { recursive: true });
  await signUp(page);
  // A page of another site, with a link to sign out of Budget.
  await page.route('http://elsewhere.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<a href="${baseURL}/api/logout">Win a prize</a>` }),
  );
  await page.goto('http://elsewhere.example/');
  await page.getByRole('link', { name: 'Win a prize' }).click();
  await expect(page.getByRole('heading', { name: 'Sign out of Budget?' })).toBeVisible();
  await page.screenshot({ path: `${OUT}/sign-out-confirm-light-desktop.png` });
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  await page.getByRole('link', { name: 'Stay signed in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.goto('http://elsewhere.example/');
  await page.getByRole('link', { name: 'Win a prize' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Take Control of Your Financial Future' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  // The sidebar's Sign Out, from the app itself: at once.
  await signUp(page);
  await page.getByRole('link', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Take Control of Your Financial Future' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('a recovery code used a second time says so, not "check your app"', async ({ page }) => {
  const profile = await signUp(page);
  const { startTwoFactorSetup } = await graphql(page, 'mutation { startTwoFactorSetup { secret } }');
  const code = new TOTP({ secret: Secret.fromBase32(startTwoFactorSetup.secret) }).generate();
  const { confirmTwoFactorSetup } = await graphql(
    page,
    'mutation($code: String!) { confirmTwoFactorSetup(input: { code: $code }) { recoveryCodes } }',
    { code },
  );
  const recovery: string = confirmTwoFactorSetup.recoveryCodes[0];
  for (const time of ['first', 'second']) {
    await page.goto('/api/logout');
    await page.getByRole('link', { name: 'Sign In' }).click();
    await signInOnPage(page, profile);
    await page.getByLabel('Code').fill(recovery);
    await page.getByRole('button', { name: 'Verify' }).click();
    if (time === 'first') await page.waitForURL((url) => url.pathname === '/');
  }
  await expect(page.getByRole('alert')).toHaveText(
    'That recovery code has already been used. Enter another one, or the code from your app.',
  );
});

for (const viewport of VIEWPORTS) {
  const size = viewport.width < 768 ? 'mobile' : 'desktop';
  // Light on a desktop, dark on a phone (the strict server's test below takes the other two).
  const theme = size === 'mobile' ? 'dark' : 'light';
  test(`the new token's example command shows whole, with its own copy button (${viewport.width} px)`, async ({ page, context }) => {
    fs.mkdirSync(OUT, { recursive: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.setViewportSize(viewport);
    await signUp(page);
    await page.goto('/settings');
    const dialog = await openDialog(page, 'Create Token', 'Create API Token');
    await dialog.getByLabel('Name').fill('Spreadsheet');
    await dialog.getByRole('button', { name: 'Create Token' }).click();
    const shown = page.getByRole('dialog', { name: 'Copy your new token' });
    const token = (await shown.getByLabel('New token').textContent())!;
    const example = shown.getByLabel('Try it from a terminal:');
    const command = `curl -H "Authorization: Bearer ${token}" ${new URL(page.url()).origin}/api/transactions`;
    await expect(example).toHaveText(command);
    // Nothing of it is cut off: it wraps within its box, which is within the dialog.
    const fits = await example.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const dialogBox = el.closest('[role=dialog]')!.getBoundingClientRect();
      return el.scrollWidth <= el.clientWidth && box.left >= dialogBox.left && box.right <= dialogBox.right;
    });
    expect(fits).toBe(true);
    await shown.getByRole('button', { name: 'Copy command' }).click();
    await expect(toast(page, 'Command copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);
    await page.screenshot({ path: `${OUT}/token-example-${theme}-${size}.png`, animations: 'disabled' });
  });
}

test('changing the password and signing out the other sessions say how many API tokens they revoke', async ({ page, browser, baseURL }) => {
  const profile = await signUp(page);
  for (const name of ['Spreadsheet', 'Backup'])
    await graphql(page, `mutation { createApiToken(input: { name: "${name}", access: read }) { token } }`);
  // A second browser signed in as the same user.
  const other = await browser.newContext({ baseURL });
  await signInWith(browserClient(await other.newPage()), profile.email, profile.password);
  await page.goto('/settings');

  let dialog = await openDialog(page, 'Change Password', 'Change Password');
  await expect(dialog).toContainText('Every other browser signed in as you will be signed out. This also revokes your 2 API tokens.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  dialog = await openDialog(page, 'Sign out all other sessions', 'Sign out all other sessions?');
  await expect(dialog).toContainText(
    '1 other session will be signed out at once. This also revokes your 2 API tokens. This browser stays signed in.',
  );
  await dialog.getByRole('button', { name: 'Sign Out Others' }).click();
  await expect(toast(page, 'Other sessions signed out')).toBeVisible();
  await expect(card(page, 'API tokens').getByText('No tokens yet.')).toBeVisible();
  expect((await other.request.get('/api/auth/user')).status()).toBe(401);
  await other.close();

  // No token left: the dialog has nothing to say of them.
  dialog = await openDialog(page, 'Change Password', 'Change Password');
  await expect(dialog.getByText('Every other browser signed in as you will be signed out.', { exact: true })).toBeVisible();
});

/** A free port of this machine, for a server of the test's own. */
async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The built server on a fresh data folder of its own, with `env` on top of the browser tests' settings. */
async function startBuiltServer(env: Record<string, string>) {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-e2e-own-'));
  const child = spawn(process.execPath, ['dist/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      DATABASE_URL: '',
      REDIS_URL: '',
      SIGN_IN_ATTEMPTS_PER_ADDRESS: '1000',
      ...env,
    },
    stdio: 'ignore',
  });
  for (let tries = 0; ; tries++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (tries > 600 || child.exitCode !== null) throw new Error(`the server on ${base} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The sign-in flow's client, on another server than the tests' own. */
const on = (base: string, client: FollowingClient): FollowingClient => ({
  follow: (p, init) => client.follow(new URL(p, base).toString(), init),
});

test.describe('on a server that always asks for the password (RECENT_SIGN_IN_MINUTES=0)', () => {
  let server: Awaited<ReturnType<typeof startBuiltServer>>;
  test.beforeAll(async () => {
    server = await startBuiltServer({ RECENT_SIGN_IN_MINUTES: '0' });
  });
  test.afterAll(async () => server?.stop());

  for (const viewport of VIEWPORTS) {
    const size = viewport.width < 768 ? 'mobile' : 'desktop';
    const theme = size === 'mobile' ? 'light' : 'dark';
    test(`Settings asks for the current password before a token, two-factor on and off, and deleting the account (${viewport.width} px)`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      fs.mkdirSync(OUT, { recursive: true });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.setViewportSize(viewport);
      const profile = newProfile();
      await signUpWith(on(server.base, browserClient(page)), profile);
      await page.goto(`${server.base}/settings`);
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

      // A token: the first try asks for the password (no failure toast); a wrong one is explained; the right one creates it.
      let dialog = await openDialog(page, 'Create Token', 'Create API Token');
      await dialog.getByLabel('Name').fill('Spreadsheet');
      await dialog.getByRole('button', { name: 'Create Token' }).click();
      await expect(dialog.getByText('Confirm your password to do this')).toBeVisible();
      await expect(dialog.getByLabel('Current password')).toBeFocused();
      await expect(toast(page, 'Error')).toHaveCount(0);
      await page.screenshot({ path: `${OUT}/confirm-password-${theme}-${size}.png`, animations: 'disabled' });
      await dialog.getByLabel('Current password').fill('not my password');
      await dialog.getByRole('button', { name: 'Create Token' }).click();
      await expect(dialog.getByText('Your current password is not right')).toBeVisible();
      await dialog.getByLabel('Current password').fill(profile.password);
      await dialog.getByRole('button', { name: 'Create Token' }).click();
      dialog = page.getByRole('dialog', { name: 'Copy your new token' });
      await expect(dialog.getByLabel('New token')).toHaveText(/^bgt_/);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(card(page, 'API tokens').getByText('Spreadsheet')).toBeVisible();

      // Two-factor on: the code, then the password asked for.
      const signIn = card(page, 'Sign-in');
      await signIn.getByRole('button', { name: 'Turn On' }).click();
      dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
      const key = (await dialog.getByLabel('Or type this key into the app').inputValue()).replaceAll(' ', '');
      const totp = new TOTP({ secret: Secret.fromBase32(key) });
      await dialog.getByLabel('Code from the app').fill(totp.generate());
      await dialog.getByRole('button', { name: 'Turn On' }).click();
      await expect(dialog.getByText('Confirm your password to do this')).toBeVisible();
      await dialog.getByLabel('Current password').fill(profile.password);
      await dialog.getByRole('button', { name: 'Turn On' }).click();
      dialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
      await expect(dialog.getByRole('listitem')).toHaveCount(10);
      const codes = await dialog.getByRole('listitem').allTextContents();
      await dialog.getByRole('button', { name: 'Done' }).click();

      // Two-factor off: a recovery code and the password.
      dialog = await openDialog(page, 'Turn Off', 'Turn off two-factor sign-in', signIn);
      await dialog.getByLabel('Code from the app, or a recovery code').fill(codes[0]!);
      await dialog.getByRole('button', { name: 'Turn Off' }).click();
      await dialog.getByLabel('Current password').fill(profile.password);
      await dialog.getByRole('button', { name: 'Turn Off' }).click();
      await expect(toast(page, 'Two-factor sign-in is off')).toBeVisible();

      // Deleting the account: the email typed, and the password.
      dialog = await openDialog(page, 'Delete Account', 'Delete your account?');
      await dialog.getByLabel(`Type ${profile.email} to confirm`).fill(profile.email);
      await dialog.getByRole('button', { name: 'Delete My Account' }).click();
      await dialog.getByLabel('Current password').fill(profile.password);
      await dialog.getByRole('button', { name: 'Delete My Account' }).click();
      await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
      expect((await page.request.get(`${server.base}/api/auth/user`)).status()).toBe(401);
    });
  }
});
