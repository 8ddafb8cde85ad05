import { describe, expect, it } from 'vitest';
import { useModuleHarness } from '../../test/module-harness.ts';
import { filterSql, filterWhere, parseTransactionFilter, splitMatches, type TransactionFilter } from './transaction-filter.ts';

// The list's filter is written twice, for Prisma and for the SQL of the streamed reads: both must say the same.
const h = useModuleHarness();

describe('transaction filter', () => {
  it('selects the same rows as a Prisma condition and as SQL, for every combination', async () => {
    const { viewer, rest } = await h.user();
    const other = await h.user();
    const category = (await rest('POST', '/api/budget-categories', { name: 'Food', type: 'expenses' })).body.id;
    const account = (await rest('POST', '/api/accounts', { name: 'Checking', type: 'checking' })).body.id;
    const descriptions = ['Café Crème', 'CAFE latte', '100% cotton', 'Coffee 1_2'];
    for (const [i, date] of ['2026-01-01', '2026-01-15', '2026-02-01', '2026-03-01'].entries()) {
      for (const [categoryId, accountId] of [
        [null, null],
        [category, null],
        [null, account],
        [category, account],
      ]) {
        await rest('POST', '/api/transactions', { amount: `${i + 1}.50`, description: descriptions[i], date, categoryId, accountId });
      }
    }
    await other.rest('POST', '/api/transactions', { amount: '1.50', description: 'cafe of theirs', date: '2026-01-15' });
    // Split ones (a line in the category and one without; only in the category; only without) and a refund.
    const food2 = (await rest('POST', '/api/budget-categories', { name: 'Home', type: 'expenses' })).body.id;
    for (const lines of [
      [category, null],
      [category, food2],
      [null, food2],
    ])
      await rest('POST', '/api/transactions', {
        amount: '3.00',
        description: 'Split lunch',
        date: '2026-01-20',
        splits: lines.map((categoryId) => ({ categoryId, amount: '1.50' })),
      });
    await rest('POST', '/api/transactions', {
      amount: '2.00',
      description: 'Lunch refund',
      date: '2026-01-21',
      kind: 'refund',
      categoryId: category,
    });
    const filters: TransactionFilter[] = [];
    for (const categoryPart of [{}, { categoryId: category }, { uncategorized: true }, { uncategorized: true, categoryId: category }])
      for (const accountPart of [{}, { accountId: account }])
        for (const datePart of [{}, { from: '2026-01-15' }, { from: '2026-01-15', to: '2026-02-28' }])
          for (const rest of [
            {},
            { q: 'cafe' },
            { q: '1_' },
            { q: 'LATTE  café' },
            { minAmount: '1.50', maxAmount: '3.00' },
            { kind: 'refund' },
          ])
            filters.push(parseTransactionFilter({ ...categoryPart, ...accountPart, ...datePart, ...rest }));
    for (const filter of filters) {
      const where = await filterWhere(viewer, filter);
      const viaPrisma = (await h.db.prisma.transaction.findMany({ where, select: { id: true } })).map((t) => t.id);
      const viaSql = (
        await h.db.prisma.$queryRaw<
          { id: string }[]
        >`SELECT t.id FROM transactions t WHERE ${filterSql(viewer, filter, await splitMatches(viewer, filter))}`
      ).map((t) => t.id);
      expect(viaSql.sort(), JSON.stringify(filter)).toEqual(viaPrisma.sort());
    }
    // The filters do select: not everything, not nothing; a search folds case and accents, and a wildcard is a character.
    const count = async (f: Record<string, unknown>) =>
      h.db.prisma.transaction.count({ where: await filterWhere(viewer, parseTransactionFilter(f)) });
    expect(await count({})).toBe(20);
    // A split one matches a category by its lines; uncategorized, by a line without one.
    expect(await count({ categoryId: category })).toBe(8 + 2 + 1);
    expect(await count({ categoryId: food2 })).toBe(2);
    expect(await count({ uncategorized: true })).toBe(8 + 2);
    expect(await count({ kind: 'refund' })).toBe(1);
    expect(await count({ kind: 'expense', categoryId: category })).toBe(10);
    expect(await count({ q: 'Cafe' })).toBe(8);
    expect(await count({ q: 'CRÈME' })).toBe(4);
    expect(await count({ q: 'afé' })).toBe(8);
    expect(await count({ q: '0%' })).toBe(4);
    expect(await count({ q: '1_2' })).toBe(4);
    expect(await count({ q: '_' })).toBe(4);
    // Every word, each anywhere, in any order.
    expect(await count({ q: 'latte cafe' })).toBe(4);
    expect(await count({ q: 'cafe  crème' })).toBe(4);
    expect(await count({ q: 'cafe cotton' })).toBe(0);
    expect(await count({ q: 'lunch split', categoryId: food2 })).toBe(2);
    expect(await count({ q: '% cotton 100' })).toBe(4);
    expect(await count({ from: '2026-01-15', to: '2026-01-15' })).toBe(4);
    expect(await count({ minAmount: '2.5', maxAmount: '2.50' })).toBe(4);
  });

  it('refuses a filter that cannot select anything sensible, with its message', () => {
    expect(() => parseTransactionFilter({ from: '2026-02-01', to: '2026-01-01' })).toThrow(
      'The end date must be on or after the start date',
    );
    expect(() => parseTransactionFilter({ minAmount: '10', maxAmount: '9.99' })).toThrow('The maximum amount must be at least the minimum');
    expect(() => parseTransactionFilter({ from: '2026-02-30' })).toThrow('Date must be a valid date (YYYY-MM-DD)');
    expect(() => parseTransactionFilter({ minAmount: '-1' })).toThrow('Amount must be a valid number');
    expect(() => parseTransactionFilter({ q: 'x'.repeat(201) })).toThrow('Search must be at most 200 characters');
    expect(() => parseTransactionFilter({ uncategorized: 'yes' })).toThrow('uncategorized must be true or false');
    expect(() => parseTransactionFilter({ kind: 'income' })).toThrow('Kind must be expense or refund');
    expect(parseTransactionFilter({ q: '  ', from: '', uncategorized: 'false' })).toMatchObject({
      q: undefined,
      from: undefined,
      uncategorized: false,
    });
  });
});
