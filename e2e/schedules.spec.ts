import { expect, test } from '@playwright/test';
import { graphql, inEveryLook, openDialog, signUp, toast } from './fixtures.ts';
import { day, seed } from './seed.ts';

const OUT = 'test-results/screenshots';
const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

test('an "ask first" schedule waits on the Dashboard and is posted from there; the forecast warns before an account goes below $0', async ({
  page,
}) => {
  await signUp(page);
  const checking = await seed(page).account({ name: 'Checking', type: 'checking', balance: '100' });

  // Create the schedule on the Schedules screen: weekly from today, asking first.
  await page.goto('/schedules');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedules' })).toBeVisible();
  const dialog = await openDialog(page, 'Add Schedule', 'Add Schedule');
  await dialog.getByLabel('Payee').fill('Gym');
  await dialog.getByLabel('Amount').fill('40');
  await dialog.getByLabel('Frequency').selectOption('every_n_days');
  await dialog.getByLabel('Every how many days').fill('');
  await dialog.getByRole('button', { name: 'Add Schedule' }).click();
  await expect(dialog.getByText('Interval must be a whole number of days from 1 to 366')).toBeVisible();
  await dialog.getByLabel('Frequency').selectOption('weekly');
  await expect(dialog.getByLabel('Start date')).toHaveValue(day(0));
  await expect(dialog.getByLabel(/Post automatically/)).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Add Schedule' }).click();
  await expect(toast(page, 'Schedule added')).toBeVisible();
  const mine = page.getByRole('region', { name: 'Your schedules' });
  await expect(mine.getByRole('listitem', { name: 'Gym' })).toContainText('Weekly');
  await expect(mine.getByRole('listitem', { name: 'Gym' })).toContainText('Ask first');

  // Post it from the Dashboard's "Waiting for you".
  await page.goto('/');
  const waiting = page.getByRole('region', { name: 'Waiting for you' });
  await expect(waiting.getByRole('listitem', { name: 'Gym' })).toBeVisible();
  await waiting.getByRole('button', { name: 'Post Gym' }).click();
  await expect(toast(page, 'Posted')).toBeVisible();
  await expect(waiting.getByRole('listitem')).toHaveCount(0);
  const account = await graphql(
    page,
    `
      query ($id: ID!) {
        node(id: $id) {
          ... on Account {
            balance
          }
        }
      }
    `,
    { id: checking },
  );
  expect(account.node.balance).toBe('60.00');

  // Rent in five days takes Checking below zero: the Forecast card says when.
  await graphql(
    page,
    `
      mutation ($i: AddScheduleInput!) {
        addSchedule(input: $i) {
          schedule {
            id
          }
        }
      }
    `,
    {
      i: { kind: 'expense', amount: '500', payee: 'Rent', accountId: checking, frequency: 'monthly', startDate: day(5), autoPost: true },
    },
  );
  await page.reload();
  const warning = `Checking goes below $0 on ${SHORT.format(new Date(`${day(5)}T00:00:00Z`))}`;
  await expect(page.getByRole('region', { name: 'Forecast' }).getByText(warning, { exact: true })).toBeVisible();
});

test('screenshots: the Schedules screen and the Dashboard card', async ({ page }) => {
  await signUp(page);
  const checking = await seed(page).account({ name: 'Checking', type: 'checking', balance: '1200' });
  const savings = await seed(page).account({ name: 'Savings', type: 'savings', balance: '300' });
  const add = (i: Record<string, unknown>) =>
    graphql(
      page,
      `
        mutation ($i: AddScheduleInput!) {
          addSchedule(input: $i) {
            schedule {
              id
            }
          }
        }
      `,
      { i: { accountId: checking, ...i } },
    );
  await add({ kind: 'expense', amount: '1450', payee: 'Rent', frequency: 'monthly', dayOfMonth: 31, startDate: day(3), autoPost: true });
  await add({ kind: 'paycheck', amount: '2100', payee: 'Acme Corp', frequency: 'semimonthly', days: [1, 15], startDate: day(2) });
  await add({ kind: 'transfer', amount: '200', payee: 'Rainy day fund', toAccountId: savings, frequency: 'biweekly', startDate: day(6) });
  await add({ kind: 'expense', amount: '12.99', payee: 'Music', frequency: 'every_n_days', interval: 30, startDate: day(-2) });
  await inEveryLook(page, async ({ size, theme }) => {
    await page.goto('/schedules');
    await expect(page.getByRole('region', { name: 'Your schedules' }).getByRole('listitem')).toHaveCount(4);
    await page.screenshot({ path: `${OUT}/schedules-${theme}-${size}.png`, fullPage: true });
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Waiting for you' });
    await expect(card.getByRole('listitem', { name: 'Music' })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${OUT}/schedules-dashboard-card-${theme}-${size}.png` });
    await page.getByRole('region', { name: 'Forecast' }).screenshot({ path: `${OUT}/forecast-card-${theme}-${size}.png` });
  });
});
