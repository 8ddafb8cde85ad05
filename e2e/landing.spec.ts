import { expect, test } from '@playwright/test';

test('a signed-out visitor sees the landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Take Control of Your Financial Future' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/api/login');
  await expect(page.getByRole('link', { name: 'Start Managing Your Money' })).toHaveAttribute('href', '/api/login');
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login');
  await expect(page.getByRole('article')).toHaveCount(6);
  await expect(page.getByText(/© \d{4}/)).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('the server answers its health check', async ({ request }) => {
  const res = await request.get('/healthz');
  expect(res.ok()).toBe(true);
  expect(await res.json()).toEqual({ status: 'ok', database: 'pglite' });
});

test('the app files come compressed from the build and cached by their hashed names', async ({ request }) => {
  const index = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(index.headers()['cache-control']).toBe('no-cache');
  const script = /src="(\/assets\/index-[^"]+\.js)"/.exec(await index.text())?.[1];
  expect(script).toBeDefined();
  const sizes: Record<string, number> = {};
  for (const encoding of ['br', 'gzip', 'identity']) {
    const res = await request.get(script!, { headers: { 'accept-encoding': encoding } });
    expect(res.headers()['content-encoding'] ?? 'identity').toBe(encoding);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers()['vary']).toMatch(/Accept-Encoding/i);
    sizes[encoding] = Number(res.headers()['content-length']);
  }
  expect(sizes.br).toBeLessThan(sizes.identity! / 3);
});
