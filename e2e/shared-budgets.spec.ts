import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { cutLiveUpdates, inEveryLook, newProfile, openDialog, signUp, toast } from './fixtures.ts';

// Shared budgets (docs/product.md#shared-budgets), as two people in two browsers: the owner
// creates a budget and invites, the other accepts; both add and edit and each sees the other's
// change live with their name; the owner makes the other a viewer (writes refused at once), then
// removes them (access gone at once). Pictures of Settings → Budget in every look.
const OUT = 'test-results/screenshots';

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const switcher = (page: Page, label: string) => page.getByRole('button', { name: `Budget: ${label}. Switch budget` });
const row = (page: Page, description: string) => page.getByRole('listitem').filter({ hasText: description });

/**
 * A GraphQL request of the page's session acting on `budget` (`X-Budget-Id`: its global id; null:
 * none, the personal budget), answered whole, errors included.
 */
async function graphqlIn(page: Page, budget: string | null, query: string, variables: Record<string, unknown> = {}) {
  return page.evaluate(
    async ([b, q, v]) => {
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1', ...(b === null ? {} : { 'x-budget-id': b }) },
        body: JSON.stringify({ query: q, variables: v }),
      });
      return (await res.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
    },
    [budget, query, variables] as const,
  );
}

/** The raw id in a global id ("Budget:<id>", base64), as REST paths take it. */
const rawId = (globalId: string) => Buffer.from(globalId, 'base64').toString('utf8').split(':').slice(1).join(':');

async function addTransaction(page: Page, amount: string, description: string) {
  const dialog = await openDialog(page, 'Add Transaction', 'Add Transaction');
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Add Transaction' }).click();
  await expect(toast(page, 'Transaction added')).toBeVisible();
}

test('two people share a budget: invite, accept, both add and edit live, viewer, removal', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  fs.mkdirSync(OUT, { recursive: true });
  const ownerContext = await browser.newContext({ baseURL });
  const memberContext = await browser.newContext({ baseURL });
  const owner = await ownerContext.newPage();
  const member = await memberContext.newPage();
  await signUp(owner, newProfile({ firstName: 'Alex', lastName: 'Owner' }));
  await signUp(member, newProfile({ firstName: 'Sam', lastName: 'Member' }));

  // The owner creates "Household" from the switcher; the tab works in it from then on.
  await switcher(owner, 'Personal').click();
  await owner.getByRole('button', { name: 'New budget…' }).click();
  let dialog = owner.getByRole('dialog', { name: 'New budget' });
  await dialog.getByLabel('Name').fill('Household');
  await dialog.getByRole('button', { name: 'Create Budget' }).click();
  await expect(toast(owner, 'Budget created')).toBeVisible();
  await expect(switcher(owner, 'Household')).toBeVisible();

  // An invitation as an editor: its link is shown once, with a copy button; it is pending.
  await owner.goto('/settings');
  await expect(switcher(owner, 'Household')).toBeVisible(); // kept by the tab across a reload
  const budgetCard = card(owner, 'Budget');
  await expect(budgetCard.getByText('Household', { exact: true })).toBeVisible();
  dialog = await openDialog(owner, 'Invite', 'Invite to Household', budgetCard);
  await expect(dialog.getByLabel('Role')).toHaveValue('EDITOR');
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  dialog = owner.getByRole('dialog', { name: 'Share the invitation link' });
  const url = (await dialog.getByLabel('Invitation link').textContent())!;
  expect(url).toMatch(/\/invitations\/\S+$/);
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(budgetCard.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem')).toHaveCount(1);

  // Signed out, the link asks to sign in first.
  const stranger = await browser.newContext({ baseURL });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(url);
  await expect(strangerPage.getByRole('heading', { name: 'You are invited to a shared budget' })).toBeVisible();
  await expect(strangerPage.getByRole('link', { name: 'Sign in to accept' })).toHaveAttribute('href', /returnTo=%2Finvitations%2F/);
  await stranger.close();

  // The other person accepts, and works in Household as an editor.
  await member.goto(url);
  await expect(member.getByText(/Alex Owner invited you to Household as an editor\./)).toBeVisible();
  await member.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(toast(member, 'Invitation accepted')).toBeVisible();
  await expect(switcher(member, 'Household (Editor)')).toBeVisible();
  await member.waitForURL((u) => u.pathname === '/');
  // A used link cannot be used again.
  await member.goto(url);
  await expect(member.getByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible();

  // Both on Transactions: each one's addition shows live in the other's browser, with the name.
  await owner.goto('/transactions');
  await member.goto('/transactions');
  await expect(owner.getByRole('heading', { name: 'All Transactions (0)' })).toBeVisible();
  await expect(member.getByRole('heading', { name: 'All Transactions (0)' })).toBeVisible();
  await addTransaction(owner, '54.20', 'Weekly groceries');
  await expect(row(member, 'Weekly groceries')).toContainText('Added by Alex Owner', { timeout: 10_000 });
  await addTransaction(member, '24.00', 'Cinema tickets');
  await expect(row(owner, 'Cinema tickets')).toContainText('Added by Sam Member', { timeout: 10_000 });

  // The member edits the owner's record: the owner sees who changed it, live.
  await member.getByRole('button', { name: /^Edit Weekly groceries of / }).click();
  dialog = member.getByRole('dialog', { name: 'Edit Transaction' });
  await expect(dialog.getByText('Added by Alex Owner')).toBeVisible();
  await dialog.getByLabel('Amount').fill('58.20');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(member, 'Transaction updated')).toBeVisible();
  await expect(row(owner, 'Weekly groceries')).toContainText('Added by Alex Owner · changed by Sam Member', { timeout: 10_000 });
  await expect(row(owner, 'Weekly groceries')).toContainText('58.20');

  // The activity log has every change, by whom; narrowed to one member.
  await owner.goto('/settings');
  const activity = card(owner, 'Activity');
  const log = activity.getByRole('list', { name: 'Activity' });
  await expect(log.getByRole('listitem').filter({ hasText: 'Sam Member' }).first()).toBeVisible();
  await expect(log.getByRole('listitem').filter({ hasText: 'Alex Owner' }).first()).toBeVisible();
  await activity.getByLabel('Member').selectOption({ label: 'Sam Member' });
  await expect(log.getByRole('listitem').filter({ hasText: 'Alex Owner' })).toHaveCount(0);
  await expect(log.getByRole('listitem').filter({ hasText: 'Sam Member' }).first()).toBeVisible();

  // The budget's global id, for the member's own API requests below.
  const { viewer } = (await graphqlIn(member, null, '{ viewer { budgets { id name } } }')).data as {
    viewer: { budgets: { id: string; name: string }[] };
  };
  const household = viewer.budgets.find((b) => b.name === 'Household')!.id;
  const addOne = `mutation { addTransaction(input: { amount: "1.00", description: "Sneaky", date: "2026-01-15" }) { transaction { id } } }`;

  // Made a viewer: the next write is refused at once, and the screens say so.
  await card(owner, 'Budget').getByLabel('Role of Sam Member').selectOption('VIEWER');
  await expect(toast(owner, 'Role changed')).toBeVisible();
  const refused = await graphqlIn(member, household, addOne);
  expect(refused.errors?.[0]).toMatchObject({ message: 'This budget is read-only for you', extensions: { code: 'FORBIDDEN' } });
  await member.reload();
  await expect(member.getByText('This budget is read-only for you').first()).toBeVisible();
  await expect(member.getByRole('button', { name: 'Add Transaction' })).toBeDisabled();
  await expect(switcher(member, 'Household (Viewer)')).toBeVisible();
  await expect(member.getByRole('heading', { name: 'All Transactions (2)' })).toBeVisible(); // still reads

  // Settings → Budget, in every look, with a member, their role and a pending invitation.
  dialog = await openDialog(owner, 'Invite', 'Invite to Household', card(owner, 'Budget'));
  await dialog.getByLabel('Role').selectOption('VIEWER');
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  await owner.getByRole('dialog', { name: 'Share the invitation link' }).getByRole('button', { name: 'Done' }).click();
  await inEveryLook(owner, async ({ size, theme, width }) => {
    await owner.goto('/settings');
    await expect(card(owner, 'Budget').getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(2);
    await expect(owner.locator('[aria-busy="true"]')).toHaveCount(0);
    await card(owner, 'Budget').screenshot({ path: `${OUT}/shared-budget-settings-${theme}-${size}.png` });
    await owner.screenshot({ path: `${OUT}/shared-budget-settings-page-${theme}-${size}.png`, fullPage: true });
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
  await owner.setViewportSize({ width: 1280, height: 800 });

  // Removed: access is gone at once, for the API and the open tab, which goes back to the personal
  // budget by itself (its live updates end and it asks again). A second tab of the member's, its
  // live updates cut off, finds out when it is reloaded.
  const stale = await memberContext.newPage();
  await cutLiveUpdates(stale);
  await stale.goto('/transactions');
  await expect(switcher(stale, 'Household (Viewer)')).toBeVisible();
  await owner.goto('/settings');
  await card(owner, 'Budget').getByRole('button', { name: 'Remove Sam Member' }).click();
  dialog = owner.getByRole('dialog', { name: 'Remove Sam Member?' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(owner, 'Member removed')).toBeVisible();
  await expect(toast(member, 'Budget not available')).toBeVisible();
  await expect(switcher(member, 'Personal')).toBeVisible();
  await expect(member.getByRole('heading', { name: 'All Transactions (0)' })).toBeVisible();
  await expect(card(owner, 'Budget').getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(1);
  const gone = await graphqlIn(member, null, 'query ($id: ID!) { budget(id: $id) { name } }', { id: household });
  expect(gone.data?.budget ?? null).toBeNull();
  expect((await member.request.get(`/api/budgets/${rawId(household)}/members`)).status()).toBe(404);
  const write = await graphqlIn(member, household, addOne);
  expect(write.data?.addTransaction ?? null).toBeNull();
  expect(write.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  await stale.reload();
  await expect(toast(stale, 'Budget not available')).toBeVisible();
  await expect(switcher(stale, 'Personal')).toBeVisible();
  await expect(stale.getByRole('heading', { name: 'All Transactions (0)' })).toBeVisible();

  await ownerContext.close();
  await memberContext.close();
});
