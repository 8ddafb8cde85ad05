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
    account: (i: Input) => create('createAccount', 'CreateAccountInput', 'account', i),
    paycheck: (i: Input) => create('addPaycheck', 'AddPaycheckInput', 'paycheck', i),
    category: (name: string, type = 'expenses') => create('addBudgetCategory', 'AddBudgetCategoryInput', 'budgetCategory', { name, type }),
    transaction: (i: Input) => create('addTransaction', 'AddTransactionInput', 'transaction', i),
    bill: (i: Input) => create('addRecurringBill', 'AddRecurringBillInput', 'recurringBill', i),
    goal: (i: Input) => create('createSavingsGoal', 'CreateSavingsGoalInput', 'savingsGoal', i),
    allocations: (allocations: { id: string; allocatedAmount: string; allocatedPercentage: number }[]) =>
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
