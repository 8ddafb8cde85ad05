import { describe, expect, it } from 'vitest';
import { inFilter, readFilters } from './transaction-filter.ts';
import { toGlobalId } from '../../lib/global-id.ts';

const read = (query: string) => readFilters(new URLSearchParams(query));

describe("the Transactions URL's filters", () => {
  it('leave out a value the rules refuse, with its message, and never throw', () => {
    expect(read('minAmount=100&maxAmount=abc')).toMatchObject({
      filter: { minAmount: '100' },
      errors: { maxAmount: 'Amount must be a valid number' },
    });
    expect(read('minAmount=1e3&maxAmount=5')).toMatchObject({
      filter: { maxAmount: '5' },
      errors: { minAmount: 'Amount must be a valid number' },
    });
    expect(read('minAmount=10&maxAmount=5').errors).toEqual({ maxAmount: 'The maximum amount must be at least the minimum' });
  });

  it('take only the global ids of a category or an account', () => {
    const account = toGlobalId('Account', '0190b3a4-0000-7000-8000-000000000000');
    expect(read(`accountId=${encodeURIComponent(account)}`)).toMatchObject({ filter: { accountId: account }, errors: {} });
    expect(read('accountId=0190b3a4-0000-7000-8000-000000000000')).toMatchObject({
      filter: null,
      errors: { accountId: 'Account not found' },
    });
    expect(read(`categoryId=${encodeURIComponent(account)}`)).toMatchObject({ filter: null, errors: { categoryId: 'Category not found' } });
  });
});

describe('whether a row belongs in a filtered list', () => {
  it('needs every word of the search, each anywhere, case and accents aside', () => {
    const row = { categoryId: null, accountId: null, description: 'STARBUCKS COFFEE #12 Café' };
    expect(inFilter({ q: 'coffee starbucks' }, row)).toBe(true);
    expect(inFilter({ q: 'cafe  #1' }, row)).toBe(true);
    expect(inFilter({ q: 'coffee tea' }, row)).toBe(false);
  });
});

describe('refunds and splits in a filtered list', () => {
  it('match a category by a line, uncategorized by a line without one, and the kind', () => {
    const row = { categoryId: null, accountId: null, kind: 'REFUND' as const, splits: [{ categoryId: 'food' }, { categoryId: null }] };
    expect(inFilter({ categoryId: 'food' }, row)).toBe(true);
    expect(inFilter({ categoryId: 'rent' }, row)).toBe(false);
    expect(inFilter({ uncategorized: true }, row)).toBe(true);
    expect(inFilter({ uncategorized: true }, { ...row, splits: [{ categoryId: 'food' }] })).toBe(false);
    expect(inFilter({ kind: 'REFUND' }, row)).toBe(true);
    expect(inFilter({ kind: 'EXPENSE' }, row)).toBe(false);
    expect(read('kind=refund').filter).toEqual({ kind: 'REFUND' });
    expect(read('kind=loan')).toMatchObject({ filter: null, errors: { kind: 'Kind must be expense or refund' } });
  });
});
