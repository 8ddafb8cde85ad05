import { describe, expect, it } from 'vitest';
import { useModuleHarness } from '../../test/module-harness.ts';
import { commitImport, undoImport } from '../imports/imports.service.ts';
import { withMonthSpendingDeferred } from './month-spending.ts';

/** The month totals' deferred sums: what an import's many statements use (docs/performance.md#imports). */
const h = useModuleHarness();

const sums = (userId: string) =>
  h.db.prisma.$queryRaw<{ category_id: string | null; month: string; amount: string }[]>`
    SELECT category_id, to_char(month AT TIME ZONE 'UTC', 'YYYY-MM') AS month, amount::text FROM budget_month_spending
    WHERE user_id = ${userId} AND amount <> 0 ORDER BY 2, 1 NULLS FIRST`;
const truth = (userId: string) =>
  h.db.prisma.$queryRaw<{ category_id: string | null; month: string; amount: string }[]>`
    SELECT category_id, to_char(date_trunc('month', date, 'UTC') AT TIME ZONE 'UTC', 'YYYY-MM') AS month, sum(amount)::text AS amount
    FROM spending_lines WHERE user_id = ${userId} GROUP BY 1, 2 HAVING sum(amount) <> 0 ORDER BY 2, 1 NULLS FIRST`;

describe('withMonthSpendingDeferred', () => {
  it("is how an import's rows reach the month totals: equal to the view after a commit and its undo", async () => {
    const { viewer } = await h.user();
    const content = [
      'Date,Description,Amount',
      ...Array.from({ length: 450 }, (_, i) => `2026-0${1 + (i % 3)}-${String(1 + (i % 28)).padStart(2, '0')},SHOP ${i},-${i + 1}.25`),
    ].join('\n');
    const imported = await commitImport(viewer, { fileName: 'a.csv', content });
    expect(imported.transactions).toBe(450);
    expect((await sums(viewer.id)).map((r) => r.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(await sums(viewer.id)).toEqual(await truth(viewer.id));
    await undoImport(viewer, imported.import.id);
    expect(await sums(viewer.id)).toEqual([]);
  });

  it('leaves the month totals alone while its statements run, then sums each month written once', async () => {
    const { viewer } = await h.user();
    const other = await h.user();
    const category = await h.db.prisma.budgetCategory.create({ data: { userId: viewer.id, name: 'Food', type: 'expenses' } });
    await h.db.prisma.transaction.create({
      data: { userId: viewer.id, amount: '5.00', description: 'before', date: new Date('2026-03-02T00:00:00Z'), categoryId: category.id },
    });
    const days = ['2026-03-09', '2026-03-31', '2026-04-01', '2026-05-20'];
    const seenWhileWriting = await h.db.prisma.$transaction(async (tx) =>
      withMonthSpendingDeferred(tx, viewer.id, days, async () => {
        for (const [i, day] of days.entries()) {
          await tx.transaction.create({
            data: { userId: viewer.id, amount: `${i + 1}0.00`, description: 'imported', date: new Date(`${day}T00:00:00Z`) },
          });
        }
        return tx.$queryRaw<{ month: string; amount: string }[]>`
          SELECT to_char(month AT TIME ZONE 'UTC', 'YYYY-MM') AS month, amount::text FROM budget_month_spending
          WHERE user_id = ${viewer.id} ORDER BY 1`;
      }),
    );
    expect(seenWhileWriting).toEqual([{ month: '2026-03', amount: '5.00' }]);
    expect(await sums(viewer.id)).toEqual(await truth(viewer.id));
    expect((await sums(viewer.id)).map((r) => [r.category_id, r.month, r.amount])).toEqual([
      [null, '2026-03', '30.00'],
      [category.id, '2026-03', '5.00'],
      [null, '2026-04', '30.00'],
      [null, '2026-05', '40.00'],
    ]);

    // The setting ended with that transaction: the next write is summed at once.
    await h.db.prisma.transaction.create({
      data: { userId: other.viewer.id, amount: '7.00', description: 'later', date: new Date('2026-03-15T00:00:00Z') },
    });
    expect(await sums(other.viewer.id)).toEqual([{ category_id: null, month: '2026-03', amount: '7.00' }]);
  });

  it('sums nothing when the write fails: the transaction is rolled back whole', async () => {
    const { viewer } = await h.user();
    const failed = h.db.prisma.$transaction(async (tx) =>
      withMonthSpendingDeferred(tx, viewer.id, ['2026-03-09'], async () => {
        await tx.transaction.create({
          data: { userId: viewer.id, amount: '10.00', description: 'x', date: new Date('2026-03-09T00:00:00Z') },
        });
        throw new Error('refused');
      }),
    );
    await expect(failed).rejects.toThrow('refused');
    expect(await sums(viewer.id)).toEqual([]);
    await h.db.prisma.transaction.create({
      data: { userId: viewer.id, amount: '3.00', description: 'after', date: new Date('2026-03-10T00:00:00Z') },
    });
    expect(await sums(viewer.id)).toEqual([{ category_id: null, month: '2026-03', amount: '3.00' }]);
  });
});
