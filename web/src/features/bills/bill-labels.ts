import { plural } from '../../lib/plural.ts';

/** How frequencies are shown (docs/product.md#labels). */
export const FREQUENCIES = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'biweekly', label: 'Bi-weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Quarterly' },
  { value: 'yearly', label: 'Yearly' },
] as const;
export type Frequency = (typeof FREQUENCIES)[number]['value'];

export function frequencyLabel(value: string) {
  return FREQUENCIES.find((f) => f.value === value)?.label ?? value;
}

/** "Due in N days", "Due today" or "N days overdue" (docs/product.md#recurring-bills). */
export function dueLabel(daysUntilDue: number) {
  if (daysUntilDue < 0) return `${plural(-daysUntilDue, 'day')} overdue`;
  if (daysUntilDue === 0) return 'Due today';
  return `Due in ${plural(daysUntilDue, 'day')}`;
}
