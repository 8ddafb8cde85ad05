import { Banknote, CreditCard, Landmark, LineChart, PiggyBank } from 'lucide-react';

/** docs/product.md#labels: the account types and how they are shown. */
export const ACCOUNT_TYPES = [
  { value: 'checking', label: 'Checking', icon: Landmark },
  { value: 'savings', label: 'Savings', icon: PiggyBank },
  { value: 'credit', label: 'Credit Card', icon: CreditCard },
  { value: 'cash', label: 'Cash', icon: Banknote },
  { value: 'investment', label: 'Investment', icon: LineChart },
] as const;

export type AccountTypeValue = (typeof ACCOUNT_TYPES)[number]['value'];

export function accountType(value: string) {
  return ACCOUNT_TYPES.find((t) => t.value === value) ?? ACCOUNT_TYPES[0];
}
