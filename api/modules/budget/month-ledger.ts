/**
 * The month's arithmetic (docs/product.md#the-month), apart from the database: from the first month
 * to the asked one, each category's carried, assigned, spent and available, and Ready to Assign.
 * In whole cents (bigint): the walk touches every month × category, and decimal.js would cost that
 * many allocations; the answer is turned into Decimal once, for the asked month only.
 */

/** A month as a number, year × 12 + month − 1, so that the next month is + 1. */
export type MonthIndex = number;

export function monthIndex(month: string): MonthIndex {
  const [year, m] = month.split('-').map((part) => Number.parseInt(part, 10)) as [number, number];
  return year * 12 + m - 1;
}

export function monthKeyOf(index: MonthIndex): string {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export interface LedgerCategory {
  id: string;
  planKind: 'amount' | 'percentage';
  /** The plan amount in cents (an `amount` plan). */
  amountCents: bigint;
  percentage: number;
  carryOverspending: boolean;
}

export interface LedgerInput {
  categories: LedgerCategory[];
  /** The first month of the budget; null: no paycheck or transaction yet. */
  firstMonth: MonthIndex | null;
  /** Income per month, cents. */
  income: Map<MonthIndex, bigint>;
  /** Net spending per category (null: uncategorized) and month, cents. */
  spent: Map<string | null, Map<MonthIndex, bigint>>;
  /** The months' overrides: category id → month → cents. */
  assignments: Map<string, Map<MonthIndex, bigint>>;
}

export interface LedgerRow {
  assigned: bigint;
  assignedSet: boolean;
  carried: bigint;
  spent: bigint;
  available: bigint;
}

export interface LedgerMonth {
  income: bigint;
  readyToAssign: bigint;
  /** By category id, in `categories`' order. */
  rows: Map<string, LedgerRow>;
  uncategorizedSpent: bigint;
}

/** `percent` % of `cents`, to the cent, half up (income is never negative). */
export function percentCents(cents: bigint, percent: number): bigint {
  return (cents * BigInt(percent) + 50n) / 100n;
}

function planned(c: LedgerCategory, income: bigint): bigint {
  return c.planKind === 'percentage' ? percentCents(income, c.percentage) : c.amountCents;
}

/**
 * The asked month. Only months with something in them (income, spending, an override) are walked
 * one by one; a run of empty months between two of them is one step: each category gains its plan
 * amount per month (a percentage of no income is 0), and overspending is taken from Ready to
 * Assign once, when the run begins (after that, a category that does not carry it stands at 0 or more).
 */
export function ledgerMonth(input: LedgerInput, month: MonthIndex): LedgerMonth {
  const { categories, firstMonth } = input;
  const rows = new Map<string, LedgerRow>();
  const empty = (): LedgerRow => ({
    assigned: 0n,
    assignedSet: false,
    carried: 0n,
    spent: 0n,
    available: 0n,
  });
  if (firstMonth === null || month < firstMonth) {
    for (const c of categories) rows.set(c.id, empty());
    return { income: 0n, readyToAssign: 0n, rows, uncategorizedSpent: 0n };
  }

  const busy = new Set<MonthIndex>([firstMonth, month]);
  const addMonths = (months: Iterable<MonthIndex>) => {
    for (const m of months) if (m >= firstMonth && m < month) busy.add(m);
  };
  addMonths(input.income.keys());
  for (const byMonth of input.spent.values()) addMonths(byMonth.keys());
  for (const byMonth of input.assignments.values()) addMonths(byMonth.keys());
  const months = [...busy].sort((a, b) => a - b);

  const available = categories.map(() => 0n);
  const spentOf = categories.map((c) => input.spent.get(c.id));
  const overridesOf = categories.map((c) => input.assignments.get(c.id));
  const uncategorized = input.spent.get(null);
  let totalIncome = 0n;
  let totalAssigned = 0n;
  let overspent = 0n; // overspending not carried, from the months before
  let previous: MonthIndex | null = null;
  let last = { assigned: [] as bigint[], carried: [] as bigint[], spent: [] as bigint[], income: 0n, uncategorized: 0n };

  for (const m of months) {
    if (previous !== null) {
      overspent += uncategorized?.get(previous) ?? 0n;
      for (let i = 0; i < categories.length; i++) {
        if (available[i]! < 0n && !categories[i]!.carryOverspending) {
          overspent -= available[i]!;
          available[i] = 0n;
        }
      }
      const gap = BigInt(m - previous - 1);
      if (gap > 0n) {
        for (let i = 0; i < categories.length; i++) {
          const each = planned(categories[i]!, 0n);
          available[i] = available[i]! + gap * each;
          totalAssigned += gap * each;
        }
      }
    }
    const income = input.income.get(m) ?? 0n;
    totalIncome += income;
    const assigned: bigint[] = [];
    const carried: bigint[] = [];
    const spent: bigint[] = [];
    for (let i = 0; i < categories.length; i++) {
      const override = overridesOf[i]?.get(m);
      const a = override ?? planned(categories[i]!, income);
      const s = spentOf[i]?.get(m) ?? 0n;
      carried.push(available[i]!);
      assigned.push(a);
      spent.push(s);
      available[i] = available[i]! + a - s;
      totalAssigned += a;
    }
    last = { assigned, carried, spent, income, uncategorized: uncategorized?.get(m) ?? 0n };
    previous = m;
  }

  categories.forEach((c, i) => {
    rows.set(c.id, {
      assigned: last.assigned[i]!,
      assignedSet: overridesOf[i]?.has(month) ?? false,
      carried: last.carried[i]!,
      spent: last.spent[i]!,
      available: available[i]!,
    });
  });
  return { income: last.income, readyToAssign: totalIncome - totalAssigned - overspent, rows, uncategorizedSpent: last.uncategorized };
}
