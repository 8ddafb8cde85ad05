import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { SCREENS, signUp } from './fixtures.ts';
import { seedEverything } from './seed.ts';

// Every screen, filled with data, in both themes: no serious or critical axe violation (WCAG 2.1 AA).
test('every screen passes axe in light and dark themes', async ({ page }) => {
  test.setTimeout(240_000); // ten screens twice, each analysed whole
  await page.goto('/');
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/');
    const landing = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(
      landing.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `landing/${theme}: ${v.id}`),
    ).toEqual([]);
  }
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await signUp(page);
  await seedEverything(page, (field) => `Sample ${field}`);
  const problems: string[] = [];
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    // The Budget screen's Plan tab too (its Month tab is the screen's default).
    for (const path of [...SCREENS, '/budget?tab=plan']) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      // The screen with its data, not its placeholder; then a moment for the theme's transitions.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.waitForTimeout(300);
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
      for (const v of result.violations) {
        if (v.impact === 'serious' || v.impact === 'critical')
          problems.push(
            `${theme} ${path}: ${v.id} (${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')})`,
          );
      }
    }
  }
  expect(problems).toEqual([]);
});
