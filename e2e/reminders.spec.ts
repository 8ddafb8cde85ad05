import { expect, test } from './signed-in.ts';
import { inEveryLook, toast } from './fixtures.ts';
import { day } from './seed.ts';

const SHOTS = process.env.REMINDER_SHOTS;

test('a bill due tomorrow rings the bell; reading it there clears the badge in every tab; Settings sets the days ahead', async ({
  page,
  add,
}) => {
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // The server checks the user a moment after the change, and the bell hears of it live.
  await add.bill({ name: 'Phone', amount: '45.00', frequency: 'monthly', dueDay: 1, nextDueDate: day(1) });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

  const second = await page.context().newPage();
  await second.goto('/bills');
  const secondBell = second.getByRole('button', { name: /^Notifications/ });
  await expect(secondBell).toHaveAccessibleName('Notifications, 1 unread');

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByRole('button', { name: /Phone \(\$45\.00\) is due on/ });
  await expect(item).toContainText('Unread.');
  if (SHOTS) {
    await inEveryLook(page, async ({ size, theme }) => {
      await page.reload();
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.screenshot({ path: `${SHOTS}/bell-${size}-${theme}.png` });
    });
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await bell.click();
  }

  // Opening it marks it read and goes to the bills.
  await panel.getByRole('button', { name: /Phone/ }).click();
  await expect(page).toHaveURL(/\/bills$/);
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(secondBell).toHaveAccessibleName('Notifications');
  await bell.click();
  await expect(panel.getByRole('button', { name: /Phone/ })).not.toContainText('Unread.');
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  await page.keyboard.press('Escape');

  // A bill 10 days away is said once the days ahead reach it; Mark all read clears both tabs.
  await page.goto('/settings');
  const card = page.getByRole('form', { name: 'Reminders' });
  await expect(card.getByLabel('Days ahead')).toHaveValue('3');
  await card.getByLabel('Days ahead').fill('40');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Days ahead must be a whole number from 0 to 30')).toBeVisible();
  await add.bill({ name: 'Gym', amount: '30.00', frequency: 'monthly', dueDay: 1, nextDueDate: day(10) });
  await card.getByLabel('Days ahead').fill('12');
  await card.getByLabel('E-mail').selectOption('digest');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Reminder settings saved')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings.png`, fullPage: true });
  await expect(secondBell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(secondBell).toHaveAccessibleName('Notifications');
});
