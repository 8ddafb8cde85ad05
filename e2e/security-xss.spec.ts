import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { SCREENS, signUp } from './fixtures.ts';
import { seedEverything } from './seed.ts';

// Stored XSS: script payloads in every user text field, rendered on every screen and in the HTML
// report, in Chromium. Any execution sets window.__xss or opens a dialog.
const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '"><svg onload="window.__xss=1">',
  'javascript:window.__xss=1//',
  '{{constructor.constructor("window.__xss=1")()}}',
];

test('script payloads in every text field never run, on any screen or in the report', async ({ page }) => {
  const executions: string[] = [];
  page.on('dialog', (d) => {
    executions.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await signUp(page, {
    firstName: PAYLOADS[1]!,
    lastName: PAYLOADS[0]!,
    email: `xss.${Date.now()}@example.com`,
    password: 'correct horse battery',
  });
  let n = 0;
  await seedEverything(page, (field) => `${PAYLOADS[n++ % PAYLOADS.length]} ${field}`);
  let screens = 0;
  for (const path of SCREENS) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    // Every text of the screen drawn (no placeholder left), then a moment for a payload to run.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.waitForTimeout(300);
    if (await page.evaluate(() => (window as { __xss?: number }).__xss)) executions.push(path);
    screens++;
  }
  // The payloads are shown as text.
  await page.goto('/accounts');
  await expect(page.getByRole('heading', { name: '<script>window.__xss=1</script> account name' })).toBeVisible();

  const report = page.waitForEvent('download');
  await page.goto('/reports');
  await page.getByRole('button', { name: 'Export Report' }).click();
  const html = fs.readFileSync((await (await report).path())!, 'utf8');
  expect(html).not.toMatch(/<script|<img|<svg/i);
  const viewer = await page.context().newPage();
  await viewer.setContent(html);
  if (await viewer.evaluate(() => (window as { __xss?: number }).__xss)) executions.push('report');
  console.log(`stored XSS: ${PAYLOADS.length} payloads × ${screens} screens + the HTML report; executions: ${executions.length}`);
  expect(executions).toEqual([]);
});

test('the Content-Security-Policy forbids inline scripts', async ({ request }) => {
  const csp = (await request.get('/')).headers()['content-security-policy'] ?? '';
  const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
});
