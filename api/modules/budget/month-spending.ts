import type { Prisma } from '../../generated/prisma/client.ts';
import { letOthersIn } from '../../lib/work-in-slices.ts';

/**
 * Runs `write` (inserts or deletes of one user's transactions, in many statements) with the
 * per-month spending sums deferred, then sums each month of `days` once ("YYYY-MM-DD", the days
 * written), one statement a month with others let in between. Each statement would otherwise sum
 * its months again: an import of 100,000 rows summed each month five times, every statement
 * slower than the one before (migration month_spending_deferred; docs/performance.md#imports).
 */
export async function withMonthSpendingDeferred<T>(
  tx: Prisma.TransactionClient,
  userId: string,
  days: Iterable<string>,
  write: () => Promise<T>,
): Promise<T> {
  // set_config(…, true) is SET LOCAL: the setting ends with the transaction, whatever happens.
  await tx.$executeRaw`SELECT set_config('budget.month_spending', 'deferred', true)`;
  const written = await write();
  await tx.$executeRaw`SELECT set_config('budget.month_spending', '', true)`;
  const months = [...new Set(Array.from(days, (day) => `${day.slice(0, 7)}-01T00:00:00Z`))].sort();
  for (const month of months) {
    await tx.$executeRaw`SELECT budget_month_spending_refresh(ARRAY[${userId}]::text[], ARRAY[${month}]::timestamptz[])`;
    await letOthersIn();
  }
  return written;
}
