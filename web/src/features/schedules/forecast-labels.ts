const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The Dashboard's warning (docs/product.md#forecast): "Checking goes below $0 on Dec 14". */
export function belowZeroWarning(accountName: string, date: string): string {
  return `${accountName} goes below $0 on ${DAY.format(new Date(`${date}T00:00:00Z`))}`;
}
