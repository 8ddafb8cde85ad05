import { NotFoundError } from '../../lib/errors.ts';
import { addCalendarDays, today } from '../../lib/dates.ts';
import { Decimal } from '../../lib/money.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Reader, type Viewer } from '../../lib/viewer.ts';
import { nextDueDate } from '../bills/due-dates.ts';
import { occurrencesUntil } from '../schedules/schedules.service.ts';
import type { BillFrequency } from '../../../shared/enums.ts';
import { forecastQuery } from '../../../shared/inputs/schedules.ts';

/**
 * The cash-flow forecast (docs/product.md#forecast): each account's balance today, moved day by
 * day by what is still to come: the schedules' occurrences neither posted nor skipped, and the
 * active bills' due dates (paid from the default account, where a bill that posts automatically
 * records its payment). Anything already due and not yet handled counts today. Goals are not in
 * it: a goal has no monthly plan and no account, and a contribution moves no account's balance.
 */

export interface ForecastDay {
  date: Date;
  balance: Decimal;
}

export interface Forecast {
  days: ForecastDay[];
  lowest: ForecastDay;
}

export interface AccountForecast extends Forecast {
  account: { id: string; name: string };
  /** Today's balance, before anything to come. */
  start: Decimal;
}

/** A series' changes by day index (0: today), only on the days something happens. */
type Changes = Map<number, Decimal>;

/** The days of one balance moved by `changes`: a day with no change keeps the day before's balance (the same value). */
function project(start: Decimal, changes: Changes, from: Date, count: number): Forecast {
  const days: ForecastDay[] = [];
  let balance = start;
  let lowest: ForecastDay | undefined;
  for (let i = 0; i < count; i++) {
    const change = changes.get(i);
    if (change) balance = balance.plus(change);
    const day = { date: addCalendarDays(from, i), balance };
    // Only a change can make a new lowest point: the first day, then the days that move.
    if (!lowest || (change && balance.lessThan(lowest.balance))) lowest = day;
    days.push(day);
  }
  return { days, lowest: lowest! };
}

/**
 * Every account's forecast and the total's, over `days` days from today. Kept until the budget's
 * next change (as the other reads of `viewer.memo`): the Dashboard asks it twice (the chart and
 * the warnings), and the reminders' check once more. Its answer is shared: never mutated.
 */
export function forecastAll(viewer: Reader, days: number): Promise<{ total: Forecast; accounts: AccountForecast[] }> {
  const from = today(viewer.timeZone);
  return viewer.memo.cached(viewer.budgetId, `forecast:${days}:${from.toISOString()}`, () => computeForecast(viewer, from, days));
}

async function computeForecast(viewer: Reader, from: Date, days: number): Promise<{ total: Forecast; accounts: AccountForecast[] }> {
  const last = addCalendarDays(from, days - 1);
  const [accounts, occurrences, bills] = await Promise.all([
    viewer.prisma.account.findMany({ where: owned(viewer), orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
    occurrencesUntil(viewer, last),
    viewer.prisma.recurringBill.findMany({ where: { ...owned(viewer), isActive: true, nextDueDate: { lte: last } } }),
  ]);
  // Sparse: a few hundred occurrences over 90 days of a handful of accounts move few of the days
  // (docs/performance.md#schedules-and-forecast).
  const changes = new Map<string, Changes>(accounts.map((a) => [a.id, new Map()]));
  const total: Changes = new Map();
  const add = (series: Changes, i: number, delta: Decimal) => series.set(i, series.get(i)?.plus(delta) ?? delta);
  const move = (accountId: string | null, date: Date, delta: Decimal) => {
    const i = Math.max(0, Math.round((date.getTime() - from.getTime()) / 86_400_000));
    const series = accountId ? changes.get(accountId) : undefined;
    if (series) add(series, i, delta);
    add(total, i, delta);
  };
  for (const { schedule: s, date } of occurrences) {
    if (s.kind === 'paycheck') move(s.accountId, date, s.amount);
    else move(s.accountId, date, s.amount.negated());
    if (s.kind === 'transfer') move(s.toAccountId, date, s.amount);
  }
  const payFrom = accounts.find((a) => a.isDefault)?.id ?? null;
  for (const bill of bills) {
    for (let due = bill.nextDueDate; due <= last; due = nextDueDate(due, bill.frequency as BillFrequency, bill.dueDay)) {
      move(payFrom, due, bill.amount.negated());
    }
  }
  const now = accounts.reduce((sum, a) => sum.plus(a.balance), new Decimal(0));
  return {
    total: project(now, total, from, days),
    accounts: accounts.map((a) => ({
      account: { id: a.id, name: a.name },
      start: a.balance,
      ...project(a.balance, changes.get(a.id)!, from, days),
    })),
  };
}

/** GET /api/forecast: one account's forecast (another user's id answers as a missing one), or the total's. */
export async function forecast(viewer: Viewer, query: unknown = {}): Promise<Forecast> {
  const { days, accountId } = parseInput(forecastQuery, query);
  const all = await forecastAll(viewer, days);
  if (!accountId) return all.total;
  const one = all.accounts.find((a) => a.account.id === accountId);
  if (!one) throw new NotFoundError('Account');
  return { days: one.days, lowest: one.lowest };
}

/** The accounts whose forecast goes below zero, with the first day it does: the Dashboard's warnings. */
export async function belowZeroWarnings(viewer: Reader, days = 90) {
  const { accounts } = await forecastAll(viewer, days);
  // An account already below zero (a card's balance) does not "go" below it: only a crossing is said.
  return accounts.flatMap(({ account, start, days: series }) => {
    const first = start.isNegative() ? undefined : series.find((d) => d.balance.isNegative());
    return first ? [{ account, date: first.date, balance: first.balance }] : [];
  });
}
