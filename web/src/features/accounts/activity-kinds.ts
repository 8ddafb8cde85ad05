import { ArrowDownLeft, ArrowUpRight, Receipt, ReceiptText, Wallet } from 'lucide-react';

/** How each kind of account activity is shown (docs/product.md#account-ledgers). */
export const ACTIVITY_KINDS = {
  EXPENSE: { label: 'Expense', icon: Receipt },
  REFUND: { label: 'Refund', icon: ReceiptText },
  PAYCHECK: { label: 'Paycheck', icon: Wallet },
  TRANSFER_IN: { label: 'Transfer in', icon: ArrowDownLeft },
  TRANSFER_OUT: { label: 'Transfer out', icon: ArrowUpRight },
} as const;

export function activityKind(kind: string) {
  return ACTIVITY_KINDS[kind as keyof typeof ACTIVITY_KINDS] ?? ACTIVITY_KINDS.EXPENSE;
}
