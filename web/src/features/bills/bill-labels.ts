/** SPEC §2: how frequencies are shown. */
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

/** SPEC §2: "Due in N days" or "N days overdue". */
export function dueLabel(daysUntilDue: number) {
  if (daysUntilDue < 0) return `${-daysUntilDue} day${daysUntilDue === -1 ? '' : 's'} overdue`;
  if (daysUntilDue === 0) return 'Due today';
  return `Due in ${daysUntilDue} day${daysUntilDue === 1 ? '' : 's'}`;
}
