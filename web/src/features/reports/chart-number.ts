/**
 * A bar's length from a server decimal string. Bars need numbers; the figures shown beside them stay
 * the server's decimal strings, and these numbers are never shown or summed.
 */
// eslint-disable-next-line money/no-float-money
export const chartNumber = (money: string) => Number.parseFloat(money);

/** `value` as a percentage of `max`, for a bar's width (0 when there is nothing to compare). */
export const share = (value: number, max: number) => (max > 0 ? Math.max(0, (value / max) * 100) : 0);

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** A chart's month axis label: "2026-03" → "Mar 26". */
export const monthLabel = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));
