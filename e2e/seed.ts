import type { Page } from '@playwright/test';
import { graphql } from './fixtures.ts';

/** A local calendar day `offset` days from today, as the date inputs write it (YYYY-MM-DD). */
export function day(offset = 0) {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

type Input = Record<string, unknown>;

/**
 * Data made through the API as the signed-in page's user, for tests about what the screens show
 * rather than how records are entered. Each call returns the new record's id.
 */
export function seed(page: Page) {
  const create = async (mutation: string, input: string, payload: string, i: Input) => {
    const data = await graphql(page, `mutation($i: ${input}!) { ${mutation}(input: $i) { ${payload} { id } } }`, { i });
    return data[mutation][payload].id as string;
  };
  return {
    // Records seeded in the past count in the account unless a test gives its own starting date (docs/product.md#reconcile).
    account: (i: Input) => create('createAccount', 'CreateAccountInput', 'account', { startingDate: '2000-01-01', ...i }),
    paycheck: (i: Input) => create('addPaycheck', 'AddPaycheckInput', 'paycheck', i),
    category: (name: string, type = 'expenses') => create('addBudgetCategory', 'AddBudgetCategoryInput', 'budgetCategory', { name, type }),
    transaction: (i: Input) => create('addTransaction', 'AddTransactionInput', 'transaction', i),
    bill: (i: Input) => create('addRecurringBill', 'AddRecurringBillInput', 'recurringBill', i),
    goal: (i: Input) => create('createSavingsGoal', 'CreateSavingsGoalInput', 'savingsGoal', i),
    allocations: (
      allocations: { id: string; allocatedAmount: string; allocatedPercentage: number; planKind?: 'AMOUNT' | 'PERCENTAGE' }[],
    ) =>
      graphql(
        page,
        `
          mutation ($i: UpdateBudgetAllocationsInput!) {
            updateBudgetAllocations(input: $i) {
              __typename
            }
          }
        `,
        { i: { allocations } },
      ),
  };
}

/** Fills every screen with data whose texts come from `text(field)` (plain names, or attack payloads). */
export async function seedEverything(page: Page, text: (field: string) => string) {
  const add = seed(page);
  await add.account({ name: text('account name'), type: 'checking', balance: '100.00', notes: text('account notes') });
  await add.paycheck({ amount: '1000.00', date: day(), notes: text('paycheck notes') });
  const category = await add.category(text('category name'));
  await add.transaction({ amount: '12.34', description: text('transaction description'), date: day(), categoryId: category });
  await add.bill({
    name: text('bill name'),
    amount: '20.00',
    frequency: 'monthly',
    dueDay: 1,
    nextDueDate: day(),
    categoryId: category,
    notes: text('bill notes'),
  });
  await add.goal({ name: text('goal name'), targetAmount: '500.00', notes: text('goal notes') });
  await add.goal({ name: text('completed goal name'), targetAmount: '5.00', currentAmount: '5.00' });
}
