/** docs/product.md#messages-and-errors: the texts of every toast, in one place. */
export const SUCCESS = {
  accountAdded: 'Account added',
  accountDeleted: 'Account deleted',
  accountUpdated: 'Account updated',
  defaultUpdated: 'Default account updated',
  paycheckAdded: 'Paycheck added',
  paycheckDeleted: 'Paycheck deleted',
  paycheckUpdated: 'Paycheck updated',
  budgetUpdated: 'Budget updated',
  categoryAdded: 'Category added',
  categoryDeleted: 'Category deleted',
  categoryUpdated: 'Category updated',
  billAdded: 'Bill added',
  billDeleted: 'Bill deleted',
  billUpdated: 'Bill updated',
  billPaused: 'Bill paused',
  billResumed: 'Bill resumed',
  paymentRecorded: 'Payment recorded',
  paymentDeleted: 'Payment deleted',
  goalCreated: 'Goal created',
  goalDeleted: 'Goal deleted',
  goalUpdated: 'Goal updated',
  contributionAdded: 'Contribution added',
  contributionDeleted: 'Contribution deleted',
  transactionAdded: 'Transaction added',
  transactionDeleted: 'Transaction deleted',
  transactionUpdated: 'Transaction updated',
  exportSuccessful: 'Export successful',
  transferRecorded: 'Transfer recorded',
  transferUpdated: 'Transfer updated',
  transferDeleted: 'Transfer deleted',
} as const;

export const FAILURE = {
  addAccount: 'Failed to add account.',
  deleteAccount: 'Failed to delete account.',
  updateAccount: 'Failed to update account.',
  setDefault: 'Failed to update default account.',
  addPaycheck: 'Failed to add paycheck. Please try again.',
  deletePaycheck: 'Failed to delete paycheck.',
  updatePaycheck: 'Failed to update paycheck.',
  saveBudget: 'Failed to update budget. Please try again.',
  addCategory: 'Failed to add category.',
  deleteCategory: 'Failed to delete category.',
  updateCategory: 'Failed to update category.',
  addBill: 'Failed to add bill. Please try again.',
  recordPayment: 'Failed to record payment.',
  deleteBill: 'Failed to delete bill.',
  updateBill: 'Failed to update bill.',
  deletePayment: 'Failed to delete payment.',
  createGoal: 'Failed to create goal.',
  addContribution: 'Failed to add contribution.',
  deleteGoal: 'Failed to delete goal.',
  updateGoal: 'Failed to update goal.',
  deleteContribution: 'Failed to delete contribution.',
  addTransaction: 'Failed to add transaction. Please try again.',
  deleteTransaction: 'Failed to delete transaction.',
  updateTransaction: 'Failed to update transaction.',
  recordTransfer: 'Failed to record transfer.',
  updateTransfer: 'Failed to update transfer.',
  deleteTransfer: 'Failed to delete transfer.',
} as const;

export const NO_DATA = { title: 'No data', description: 'No transactions available to export.' } as const;

export const UNAUTHORIZED = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
  /** The one-line form used outside the Dashboard. */
  inline: 'Unauthorized: You are logged out. Logging in again...',
} as const;

export const UNAUTHORIZED_REDIRECT_MS = 500;
