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

/** Runs a GraphQL document from the page, with its session cookie and the CSRF header. */
export async function graphql<T = any>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await page.evaluate(
    async ([q, v]) => {
      const res = await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' }, body: JSON.stringify({ query: q, variables: v }) });
      return res.json();
    },
    [query, variables] as const,
  );
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** Fills every screen with data whose texts come from `text(field)` (plain names, or attack payloads). */
export async function seedEverything(page: Page, text: (field: string) => string) {
  const day = new Date().toISOString().slice(0, 10);
  await graphql(page, `mutation($i: CreateAccountInput!) { createAccount(input: $i) { account { id } } }`, { i: { name: text('account name'), type: 'checking', balance: '100.00', notes: text('account notes') } });
  await graphql(page, `mutation($i: AddPaycheckInput!) { addPaycheck(input: $i) { paycheck { id } } }`, { i: { amount: '1000.00', date: day, notes: text('paycheck notes') } });
  const category = (await graphql(page, `mutation($i: AddBudgetCategoryInput!) { addBudgetCategory(input: $i) { budgetCategory { id } } }`, { i: { name: text('category name'), type: 'expenses' } })).addBudgetCategory.budgetCategory.id;
  await graphql(page, `mutation($i: AddTransactionInput!) { addTransaction(input: $i) { transaction { id } } }`, { i: { amount: '12.34', description: text('transaction description'), date: day, categoryId: category } });
  await graphql(page, `mutation($i: AddRecurringBillInput!) { addRecurringBill(input: $i) { recurringBill { id } } }`, { i: { name: text('bill name'), amount: '20.00', frequency: 'monthly', dueDay: 1, nextDueDate: day, categoryId: category, notes: text('bill notes') } });
  await graphql(page, `mutation($i: CreateSavingsGoalInput!) { createSavingsGoal(input: $i) { savingsGoal { id } } }`, { i: { name: text('goal name'), targetAmount: '500.00', notes: text('goal notes') } });
  await graphql(page, `mutation($i: CreateSavingsGoalInput!) { createSavingsGoal(input: $i) { savingsGoal { id } } }`, { i: { name: text('completed goal name'), targetAmount: '5.00', currentAmount: '5.00' } });
}

export const SCREENS = ['/', '/accounts', '/paycheck', '/budget', '/bills', '/goals', '/transactions', '/reports'] as const;
