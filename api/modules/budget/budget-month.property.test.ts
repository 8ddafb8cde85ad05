import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useModuleHarness } from '../../test/module-harness.ts';
import { budgetMonth } from './budget-month.ts';
import { ledgerMonth, monthKeyOf, percentCents, type LedgerCategory, type LedgerInput, type MonthIndex } from './month-ledger.ts';

/**
 * Random histories (docs/product.md#the-month). Through the database: at every month, Ready to
 * Assign + Σ available (the uncategorized row included) = all income − all net spending through
 * it. Apart from it: the walk that steps over empty months equals the rules applied month by month.
 */

const h = useModuleHarness();

const START = 2026 * 12; // January 2026
/** Whole cents as a money string: -150 → "-1.50". */
function money(c: number | bigint): string {
  const v = BigInt(c);
  const abs = v < 0n ? -v : v;
  return `${v < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
const date = (month: MonthIndex, day: number) => new Date(Date.UTC(Math.floor(month / 12), month % 12, day));

const categoryArb = fc.record({
  planKind: fc.constantFrom('amount', 'percentage'),
  amount: fc.integer({ min: 0, max: 80_000 }),
  percentage: fc.integer({ min: 0, max: 60 }),
  carryOverspending: fc.boolean(),
});
const historyArb = fc.record({
  categories: fc.array(categoryArb, { minLength: 1, maxLength: 4 }),
  paychecks: fc.array(fc.record({ month: fc.nat(5), day: fc.integer({ min: 1, max: 28 }), amount: fc.integer({ min: 1, max: 400_000 }) }), {
    maxLength: 6,
  }),
  transactions: fc.array(
    fc.record({
      month: fc.nat(5),
      day: fc.integer({ min: 1, max: 28 }),
      category: fc.option(fc.nat(3), { nil: null }),
      amount: fc.integer({ min: 1, max: 150_000 }),
      refund: fc.boolean(),
      // Split in two lines: the first in `category`, the second in `other` (null: uncategorized).
      split: fc.option(fc.record({ first: fc.integer({ min: 1, max: 99 }), other: fc.option(fc.nat(3), { nil: null }) }), { nil: null }),
    }),
    { maxLength: 14 },
  ),
  overrides: fc.array(fc.record({ category: fc.nat(3), month: fc.nat(5), amount: fc.integer({ min: 0, max: 120_000 }) }), { maxLength: 6 }),
});

describe('the month, over random histories', () => {
  it('Ready to Assign + Σ available = all income − all net spending, at every month', async () => {
    await fc.assert(
      fc.asyncProperty(historyArb, async (history) => {
        const { viewer } = await h.user();
        const db = h.db.prisma;
        const categories: { id: string }[] = [];
        for (const [i, c] of history.categories.entries()) {
          categories.push(
            await db.budgetCategory.create({
              data: {
                userId: viewer.id,
                name: `C${i}`,
                type: 'expenses',
                planKind: c.planKind,
                allocatedAmount: money(c.amount),
                allocatedPercentage: c.percentage,
                carryOverspending: c.carryOverspending,
              },
            }),
          );
        }
        const categoryId = (i: number | null) => (i === null ? null : (categories[i % categories.length]!.id ?? null));
        await db.paycheck.createMany({
          data: history.paychecks.map((p) => ({ userId: viewer.id, amount: money(p.amount), date: date(START + p.month, p.day) })),
        });
        const net = new Map<MonthIndex, { income: bigint; spent: bigint }>();
        const at = (m: MonthIndex) => net.get(m) ?? net.set(m, { income: 0n, spent: 0n }).get(m)!;
        for (const p of history.paychecks) at(START + p.month).income += BigInt(p.amount);
        for (const t of history.transactions) {
          const kind = t.refund ? 'refund' : 'expense';
          const first = t.split ? Math.max(1, Math.floor((t.amount * t.split.first) / 100)) : 0;
          const split = t.split && first < t.amount ? t.split : null;
          await db.transaction.create({
            data: {
              userId: viewer.id,
              amount: money(t.amount),
              kind,
              description: 'random',
              date: date(START + t.month, t.day),
              categoryId: split ? null : categoryId(t.category),
              splits: split
                ? {
                    create: [
                      { userId: viewer.id, categoryId: categoryId(t.category), amount: money(first), position: 0 },
                      { userId: viewer.id, categoryId: categoryId(split.other), amount: money(t.amount - first), position: 1 },
                    ],
                  }
                : undefined,
            },
          });
          at(START + t.month).spent += (t.refund ? -1n : 1n) * BigInt(t.amount);
        }
        for (const o of history.overrides) {
          await db.budgetAssignment.upsert({
            where: { categoryId_month: { categoryId: categoryId(o.category)!, month: monthKeyOf(START + o.month) } },
            create: { userId: viewer.id, categoryId: categoryId(o.category)!, month: monthKeyOf(START + o.month), amount: money(o.amount) },
            update: { amount: money(o.amount) },
          });
        }
        let income = 0n;
        let spent = 0n;
        for (let m = START - 1; m <= START + 7; m++) {
          income += net.get(m)?.income ?? 0n;
          spent += net.get(m)?.spent ?? 0n;
          const month = await budgetMonth(viewer, monthKeyOf(m));
          const left = month.readyToAssign.plus(month.available);
          expect(left.toFixed(2), `${monthKeyOf(m)} of ${JSON.stringify(history)}`).toBe(money(income - spent));
        }
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});

describe('the month totals kept by triggers', () => {
  it('equal the view summed by month after any mix of writes: added, moved, recategorized, split, unsplit, deleted', async () => {
    const sums = (userId: string) =>
      h.db.prisma.$queryRaw<{ category_id: string | null; month: string; amount: string }[]>`
        SELECT category_id, to_char(month AT TIME ZONE 'UTC', 'YYYY-MM') AS month, amount::text FROM budget_month_spending
        WHERE user_id = ${userId} AND amount <> 0 ORDER BY 2, 1 NULLS FIRST`;
    const truth = (userId: string) =>
      h.db.prisma.$queryRaw<{ category_id: string | null; month: string; amount: string }[]>`
        SELECT category_id, to_char(date_trunc('month', date, 'UTC') AT TIME ZONE 'UTC', 'YYYY-MM') AS month, sum(amount)::text AS amount
        FROM spending_lines WHERE user_id = ${userId} GROUP BY 1, 2 HAVING sum(amount) <> 0 ORDER BY 2, 1 NULLS FIRST`;
    const write = fc.record({
      op: fc.constantFrom('add', 'move', 'recategorize', 'split', 'unsplit', 'delete', 'deleteCategory', 'refund'),
      pick: fc.nat(50),
      month: fc.nat(5),
      amount: fc.integer({ min: 2, max: 90_000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 25 }), async (writes) => {
        const { viewer } = await h.user();
        const db = h.db.prisma;
        await Promise.all(['A', 'B', 'C'].map((name) => db.budgetCategory.create({ data: { userId: viewer.id, name, type: 'expenses' } })));
        const pick = async (n: number) => {
          const rows = await db.transaction.findMany({ where: { userId: viewer.id }, orderBy: { id: 'asc' }, include: { splits: true } });
          return rows.length ? rows[n % rows.length]! : null;
        };
        for (const w of writes) {
          const live = await db.budgetCategory.findMany({ where: { userId: viewer.id }, orderBy: { id: 'asc' } });
          const category = live.length ? live[w.pick % live.length]!.id : null;
          const t = await pick(w.pick);
          if (w.op === 'add' || w.op === 'refund' || !t) {
            await db.transaction.create({
              data: {
                userId: viewer.id,
                amount: money(w.amount),
                kind: w.op === 'refund' ? 'refund' : 'expense',
                description: 'w',
                date: date(START + w.month, 1 + (w.pick % 28)),
                categoryId: category,
              },
            });
          } else if (w.op === 'move') {
            await db.transaction.update({ where: { id: t.id }, data: { date: date(START + w.month, 15) } });
          } else if (w.op === 'recategorize') {
            await db.transaction.update({ where: { id: t.id }, data: { categoryId: category } });
          } else if (w.op === 'split' && t.splits.length === 0 && t.amount.greaterThan(1)) {
            const first = t.amount.div(2).toDecimalPlaces(2);
            await db.$transaction([
              db.transaction.update({ where: { id: t.id }, data: { categoryId: null } }),
              db.transactionSplit.createMany({
                data: [
                  { transactionId: t.id, userId: viewer.id, categoryId: category, amount: first, position: 0 },
                  { transactionId: t.id, userId: viewer.id, categoryId: null, amount: t.amount.minus(first), position: 1 },
                ],
              }),
            ]);
          } else if (w.op === 'unsplit') {
            await db.transactionSplit.deleteMany({ where: { transactionId: t.id } });
          } else if (w.op === 'delete') {
            await db.transaction.delete({ where: { id: t.id } });
          } else if (w.op === 'deleteCategory' && category) {
            await db.budgetCategory.delete({ where: { id: category } });
          }
        }
        expect(await sums(viewer.id)).toEqual(await truth(viewer.id));
      }),
      { numRuns: 15 },
    );
  }, 240_000);
});

/** The rules applied month by month from the first month, as the issue states them: the reference for the walk. */
function naive(input: LedgerInput, month: MonthIndex) {
  const available = input.categories.map(() => 0n);
  let readyToAssign = 0n;
  let overspent = 0n;
  let last: bigint[] = [];
  for (let m = input.firstMonth!; m <= month; m++) {
    if (m > input.firstMonth!) {
      overspent += input.spent.get(null)?.get(m - 1) ?? 0n;
      input.categories.forEach((c, i) => {
        if (available[i]! < 0n && !c.carryOverspending) {
          overspent -= available[i]!;
          available[i] = 0n;
        }
      });
    }
    const income = input.income.get(m) ?? 0n;
    readyToAssign += income;
    last = input.categories.map((c, i) => {
      const assigned =
        input.assignments.get(c.id)?.get(m) ?? (c.planKind === 'percentage' ? percentCents(income, c.percentage) : c.amountCents);
      readyToAssign -= assigned;
      available[i] = available[i]! + assigned - (input.spent.get(c.id)?.get(m) ?? 0n);
      return assigned;
    });
  }
  return { readyToAssign: readyToAssign - overspent, available, assigned: last };
}

describe('the walk over months', () => {
  it('steps over empty months exactly as the rules applied month by month', () => {
    const sparse = fc.array(fc.tuple(fc.nat(59), fc.integer({ min: -20_000, max: 90_000 })), { maxLength: 8 });
    fc.assert(
      fc.property(
        fc.array(categoryArb, { minLength: 1, maxLength: 3 }),
        sparse,
        fc.array(sparse, { minLength: 4, maxLength: 4 }),
        fc.array(fc.tuple(fc.nat(2), fc.nat(59), fc.nat(50_000)), { maxLength: 5 }),
        fc.nat(70),
        (categoryRecords, incomes, spending, overrides, asked) => {
          const categories: LedgerCategory[] = categoryRecords.map((c, i) => ({
            id: `c${i}`,
            planKind: c.planKind as LedgerCategory['planKind'],
            amountCents: BigInt(c.amount),
            percentage: c.percentage,
            carryOverspending: c.carryOverspending,
          }));
          const byMonth = (pairs: [number, number][]) => new Map(pairs.map(([m, v]) => [START + m, BigInt(Math.abs(v))]));
          const spent = new Map<string | null, Map<MonthIndex, bigint>>([[null, byMonth(spending[3]!)]]);
          categories.forEach((c, i) => spent.set(c.id, new Map(spending[i]!.map(([m, v]) => [START + m, BigInt(v)]))));
          const assignments = new Map<string, Map<MonthIndex, bigint>>();
          for (const [i, m, v] of overrides) {
            const c = categories[i % categories.length]!;
            assignments.set(c.id, (assignments.get(c.id) ?? new Map()).set(START + m, BigInt(v)));
          }
          const input: LedgerInput = { categories, firstMonth: START, income: byMonth(incomes), spent, assignments };
          const walked = ledgerMonth(input, START + asked);
          const reference = naive(input, START + asked);
          expect(walked.readyToAssign).toBe(reference.readyToAssign);
          expect(categories.map((c) => walked.rows.get(c.id)!.available)).toEqual(reference.available);
          expect(categories.map((c) => walked.rows.get(c.id)!.assigned)).toEqual(reference.assigned);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
