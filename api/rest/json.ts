import { Decimal, formatMoney } from '../lib/money.ts';
import { formatCalendarDate } from '../lib/dates.ts';

/**
 * A row as REST JSON: money as a two-decimal string, the named date-only fields as
 * "YYYY-MM-DD", other dates as ISO timestamps; everything else as it is.
 */
export function rowJson<T extends object>(row: T, dateOnly: readonly (keyof T)[] = []): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => {
      if (value instanceof Decimal) return [key, formatMoney(value)];
      if (value instanceof Date) return [key, dateOnly.includes(key as keyof T) ? formatCalendarDate(value) : value.toISOString()];
      return [key, value];
    }),
  );
}
