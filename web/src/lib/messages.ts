/** docs/product.md#messages-and-errors: the texts of every toast, in one place. */
export const SUCCESS = {
  accountAdded: 'Account added',
  accountDeleted: 'Account deleted',
  defaultUpdated: 'Default account updated',
  paycheckAdded: 'Paycheck added',
  paycheckDeleted: 'Paycheck deleted',
  budgetUpdated: 'Budget updated',
  categoryAdded: 'Category added',
  categoryDeleted: 'Category deleted',
  billAdded: 'Bill added',
  billDeleted: 'Bill deleted',
  paymentRecorded: 'Payment recorded',
  goalCreated: 'Goal created',
  goalDeleted: 'Goal deleted',
  contributionAdded: 'Contribution added',
  transactionAdded: 'Transaction added',
  transactionDeleted: 'Transaction deleted',
  exportSuccessful: 'Export successful',
} as const;

export const FAILURE = {
  addAccount: 'Failed to add account.',
  deleteAccount: 'Failed to delete account.',
  setDefault: 'Failed to update default account.',
  addPaycheck: 'Failed to add paycheck. Please try again.',
  deletePaycheck: 'Failed to delete paycheck.',
  saveBudget: 'Failed to update budget. Please try again.',
  addCategory: 'Failed to add category.',
  deleteCategory: 'Failed to delete category.',
  addBill: 'Failed to add bill. Please try again.',
  recordPayment: 'Failed to record payment.',
  deleteBill: 'Failed to delete bill.',
  createGoal: 'Failed to create goal.',
  addContribution: 'Failed to add contribution.',
  deleteGoal: 'Failed to delete goal.',
  addTransaction: 'Failed to add transaction. Please try again.',
  deleteTransaction: 'Failed to delete transaction.',
} as const;

export const NO_DATA = { title: 'No data', description: 'No transactions available to export.' } as const;

export const UNAUTHORIZED = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
  /** The one-line form used outside the Dashboard. */
  inline: 'Unauthorized: You are logged out. Logging in again...',
} as const;

export const UNAUTHORIZED_REDIRECT_MS = 500;
