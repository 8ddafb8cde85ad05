import { describe, expect, it } from 'vitest';
import { useModuleHarness } from '../../test/module-harness.ts';
import { filterSql, filterWhere, type TransactionFilter } from './transaction-filter.ts';

// The list's filter is written twice, for Prisma and for the SQL of the streamed reads: both must say the same.
const h = useModuleHarness();

describe('transaction filter', () => {
  it('selects the same rows as a Prisma condition and as SQL, for every combination', async () => {
    const { viewer, rest } = await h.user();
    const other = await h.user();
    const category = (await rest('POST', '/api/budget-categories', { name: 'Food', type: 'expenses' })).body.id;
    const account = (await rest('POST', '/api/accounts', { name: 'Checking', type: 'checking' })).body.id;
    for (const [i, date] of ['2026-01-01', '2026-01-15', '2026-02-01', '2026-03-01'].entries()) {
      for (const [categoryId, accountId] of [
        [null, null],
        [category, null],
        [null, account],
        [category, account],
      ]) {
        await rest('POST', '/api/transactions', { amount: `${i + 1}.00`, description: `t${i}`, date, categoryId, accountId });
      }
    }
    await other.rest('POST', '/api/transactions', { amount: '1.00', description: 'theirs', date: '2026-01-15' });
    const day = (d: string) => new Date(`${d}T00:00:00.000Z`);
    const filters: TransactionFilter[] = [];
    for (const categoryPart of [{}, { categoryId: category }, { uncategorized: true }, { uncategorized: true, categoryId: category }])
      for (const accountPart of [{}, { accountId: account }])
        for (const datePart of [
          {},
          { from: day('2026-01-15') },
          { to: day('2026-02-01') },
          { from: day('2026-01-15'), to: day('2026-03-01') },
        ])
          filters.push({ ...categoryPart, ...accountPart, ...datePart });
    for (const filter of filters) {
      const viaPrisma = (await h.db.prisma.transaction.findMany({ where: filterWhere(viewer, filter), select: { id: true } })).map(
        (t) => t.id,
      );
      const viaSql = (
        await h.db.prisma.$queryRaw<{ id: string }[]>`SELECT t.id FROM transactions t WHERE ${filterSql(viewer, filter)}`
      ).map((t) => t.id);
      expect(viaSql.sort(), JSON.stringify(filter)).toEqual(viaPrisma.sort());
    }
    // The filters do select: not everything, not nothing.
    const sizes = await Promise.all(filters.map((f) => h.db.prisma.transaction.count({ where: filterWhere(viewer, f) })));
    expect(Math.max(...sizes)).toBe(16);
    expect(new Set(sizes).size).toBeGreaterThan(5);
  });
});
