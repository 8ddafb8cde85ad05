import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { browserClient, currentUser, openDialog, signUp, toast, VIEWPORTS } from './fixtures.ts';
import { signInWith } from '../api/test/sign-in.ts';

// Settings end to end (docs/product.md#settings): profile, a second session signed out remotely,
// an API token used and revoked, password, two-factor sign-in, the export, and deleting the
// account, at a desktop width and on a phone.
const OUT = 'test-results/screenshots';

/** Opens Settings from the sidebar's user block (through the menu on a phone). */
async function openSettings(page: Page, mobile: boolean) {
  if (mobile) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await page.getByRole('link', { name: /^Settings: / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

for (const viewport of VIEWPORTS) {
  const mobile = viewport.width < 768;
  const size = mobile ? 'mobile' : 'desktop';
  test(`Settings at ${viewport.width} px: profile, sessions, API tokens, password, two-factor, export, delete`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    fs.mkdirSync(OUT, { recursive: true });
    await page.setViewportSize(viewport);
    const profile = await signUp(page);
    await openSettings(page, mobile);
    await page.screenshot({ path: `${OUT}/settings-journey-${size}.png`, fullPage: true });

    // Profile: the new name reaches the sidebar.
    const profileCard = card(page, 'Profile');
    await profileCard.getByLabel('First name').fill('Morgan');
    await profileCard.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();
    if (mobile) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(page.getByRole('link', { name: 'Settings: Morgan Rivera' })).toBeVisible();
    if (mobile) await page.keyboard.press('Escape');

    // A second browser signed in: listed, then signed out from here.
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await signInWith(browserClient(otherPage), profile.email, profile.password);
    await page.reload();
    const sessions = card(page, 'Sessions');
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByText('This browser')).toBeVisible();
    await sessions.getByRole('button', { name: /^Sign out HeadlessChrome|^Sign out Chrome/ }).click();
    await expect(toast(page, 'Session signed out')).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    expect((await otherPage.request.get('/api/auth/user')).status()).toBe(401);
    await other.close();

    // An API token: shown once, works as a read token, then revoked.
    let dialog = await openDialog(page, 'Create Token', 'Create API Token');
    await dialog.getByLabel('Name').fill('Spreadsheet');
    await dialog.getByRole('button', { name: 'Create Token' }).click();
    dialog = page.getByRole('dialog', { name: 'Copy your new token' });
    const token = (await dialog.getByLabel('New token').textContent())!;
    expect(token).toMatch(/^bgt_/);
    await page.screenshot({ path: `${OUT}/settings-token-${size}.png`, animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Done' }).click();
    const tokens = card(page, 'API tokens');
    await expect(tokens.getByText('Spreadsheet')).toBeVisible();
    // It names the budget it acts on: the one chosen when it was made, here the personal budget.
    await expect(tokens.getByText(/^Acts on .+ · Created /)).toBeVisible();
    await tokens.screenshot({ path: `${OUT}/settings-tokens-${size}.png`, animations: 'disabled' });
    const bearer = { authorization: `Bearer ${token}` };
    expect((await page.request.get('/api/transactions', { headers: bearer })).status()).toBe(200);
    expect((await page.request.post('/api/transactions', { headers: bearer, data: {} })).status()).toBe(403);
    await tokens.getByRole('button', { name: 'Revoke Spreadsheet' }).click();
    await page.getByRole('dialog', { name: 'Revoke token?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(toast(page, 'Token revoked')).toBeVisible();
    await expect(tokens.getByText('No tokens yet.')).toBeVisible();
    expect((await page.request.get('/api/transactions', { headers: bearer })).status()).toBe(401);

    // Password: a wrong current one is explained beside its field.
    dialog = await openDialog(page, 'Change Password', 'Change Password');
    await dialog.getByLabel('Current password').fill('not my password');
    await dialog.getByLabel('New password').fill('a brand new password');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByText('Your current password is not right')).toBeVisible();
    await dialog.getByLabel('Current password').fill(profile.password);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(toast(page, 'Password changed')).toBeVisible();

    // Two-factor sign-in: scan (the key stands in for the camera), confirm, keep the recovery codes.
    const signIn = card(page, 'Sign-in');
    await signIn.getByRole('button', { name: 'Turn On' }).click();
    dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    await page.screenshot({ path: `${OUT}/settings-two-factor-${size}.png`, animations: 'disabled' });
    const key = (await dialog.getByLabel('Or type this key into the app').inputValue()).replaceAll(' ', '');
    await dialog.getByLabel('Code from the app').fill(new TOTP({ secret: Secret.fromBase32(key) }).generate());
    await dialog.getByRole('button', { name: 'Turn On' }).click();
    dialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
    await expect(dialog.getByRole('listitem')).toHaveCount(10);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(signIn.getByText('Recovery codes left: 10 of 10.')).toBeVisible();
    await expect(signIn.getByText('On', { exact: true })).toBeVisible();

    // Export all my data: one JSON file.
    const download = page.waitForEvent('download');
    await card(page, 'Your data').getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^budget_export_\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(fs.readFileSync((await file.path())!, 'utf8'))).toMatchObject({
      format: 'budget-export',
      user: { firstName: 'Morgan' },
    });

    // Delete my account: the typed email, then the landing page, signed out.
    dialog = await openDialog(page, 'Delete Account', 'Delete your account?');
    await dialog.getByLabel(`Type ${profile.email} to confirm`).fill('wrong@example.com');
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await expect(dialog.getByText('Type your email exactly as shown to confirm')).toBeVisible();
    await dialog.getByLabel(`Type ${profile.email} to confirm`).fill(profile.email);
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
    expect((await currentUser(page)).status).toBe(401);
  });
}
