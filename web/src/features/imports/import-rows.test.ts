import { describe, expect, it } from 'vitest';
import {
  categoryOf,
  changedRows,
  importedMessage,
  importTotals,
  isIncluded,
  matchOf,
  matchText,
  plural,
  type Choices,
  type PreviewRow,
  type RowChoice,
} from './import-rows.ts';

/** A previewed row: a ticked transaction of 1.00 unless `row` says otherwise. */
const preview = (index: number, row: Partial<PreviewRow> = {}): PreviewRow => ({
  index,
  date: '2026-01-15',
  description: `Row ${index}`,
  amount: '1.00',
  kind: 'transaction',
  suggestedCategoryId: null,
  duplicateOf: null,
  movement: 'EXPENSE',
  transferAccountId: null,
  match: null,
  matchCandidates: [],
  transferMatch: null,
  error: null,
  include: true,
  ...row,
});
const choices = (entries: [number, RowChoice][]): Choices => new Map(entries);
const matched = (id: string): Partial<PreviewRow> => ({
  duplicateOf: id,
  include: false,
  match: { record: id, kind: 'EXPENSE', date: '2026-01-14', description: 'Coffee', enteredByHand: true },
});

describe('a previewed row and the choice made on it', () => {
  it('is ticked as the preview says until the user changes it', () => {
    const ticked = preview(2);
    const duplicate = preview(3, matched('tx-1'));
    expect([isIncluded(ticked, choices([])), isIncluded(duplicate, choices([]))]).toEqual([true, false]);
    const changed = choices([
      [2, { include: false }],
      [3, { include: true }],
    ]);
    expect([isIncluded(ticked, changed), isIncluded(duplicate, changed)]).toEqual([false, true]);
  });

  it('takes the suggested category until one is chosen, and none when none is chosen', () => {
    const row = preview(2, { suggestedCategoryId: 'groceries' });
    expect(categoryOf(row, choices([]))).toBe('groceries');
    expect(categoryOf(row, choices([[2, { include: true }]]))).toBe('groceries');
    expect(categoryOf(row, choices([[2, { include: true, categoryId: 'dining' }]]))).toBe('dining');
    expect(categoryOf(row, choices([[2, { include: true, categoryId: null }]]))).toBeNull();
    expect(categoryOf(preview(3), choices([]))).toBeNull();
  });
});

describe('importTotals', () => {
  it('counts and sums the ticked rows by kind, in exact cents', () => {
    const rows = [
      preview(1, { amount: '0.10' }),
      preview(2, { amount: '0.20' }),
      preview(3, { amount: '1234.56', kind: 'paycheck', movement: 'INCOME' }),
      preview(4, { amount: '0.01', kind: 'paycheck', movement: 'INCOME' }),
      preview(5, { amount: '99.99', include: false }), // left out by the preview
      preview(6, { amount: '5.00' }), // left out by the user, below
    ];
    expect(importTotals(rows, choices([[6, { include: false }]]))).toEqual({
      transactions: 2,
      paychecks: 2,
      transfers: 0,
      duplicates: 0,
      errors: 0,
      spent: '0.30',
      earned: '1234.57',
    });
  });

  it('counts the duplicates left out and the rows with errors, and sums neither', () => {
    const rows = [
      preview(1, matched('tx-1')),
      preview(2, matched('tx-2')), // ticked again by the user: imported, not skipped
      preview(3, { error: 'Row 3: missing amount', amount: null, include: false }),
      preview(4, { error: 'Row 4: unreadable date "31/02/2024"', date: null, include: false }),
      preview(5, { amount: '2.50' }),
    ];
    expect(importTotals(rows, choices([[2, { include: true }]]))).toEqual({
      transactions: 2,
      paychecks: 0,
      transfers: 0,
      duplicates: 1,
      errors: 2,
      spent: '3.50',
      earned: '0.00',
    });
  });

  it('is zero for no rows, and leaves out a kind it does not know', () => {
    const zero = { transactions: 0, paychecks: 0, transfers: 0, duplicates: 0, errors: 0, spent: '0.00', earned: '0.00' };
    expect(importTotals([], choices([]))).toEqual(zero);
    expect(importTotals([preview(1, { movement: '%future added value' })], choices([]))).toEqual(zero);
  });

  it('takes refunds off spending, counts transfers as neither spending nor income, and follows a changed kind (docs/product.md#money-movement)', () => {
    const rows = [
      preview(1, { amount: '50.00' }),
      preview(2, { amount: '20.00', kind: 'paycheck', movement: 'REFUND' }),
      preview(3, { amount: '650.00', kind: 'paycheck', movement: 'TRANSFER', transferAccountId: 'checking' }),
      preview(4, { amount: '100.00', kind: 'paycheck', movement: 'REFUND' }),
    ];
    expect(importTotals(rows, choices([[4, { include: true, movement: 'INCOME' }]]))).toEqual({
      transactions: 2,
      paychecks: 1,
      transfers: 1,
      duplicates: 0,
      errors: 0,
      spent: '30.00',
      earned: '100.00',
    });
  });

  it('matches by hand among the candidates, and counts the row as skipped', () => {
    const coffee = {
      record: 'tx-9',
      kind: 'EXPENSE' as const,
      date: '2026-01-15',
      description: 'Coffee',
      enteredByHand: true,
      amount: '6.00',
    };
    const row = preview(1, { amount: '5.75', matchCandidates: [coffee] });
    const byHand = choices([[1, { include: false, matchId: 'tx-9' }]]);
    expect([matchOf(row, choices([])), matchOf(row, byHand)]).toEqual([null, coffee]);
    expect(importTotals([row], byHand)).toMatchObject({ transactions: 0, duplicates: 1 });
  });

  it('counts a matched row the user unmatched as imported, not skipped', () => {
    const row = preview(1, matched('tx-1'));
    expect(importTotals([row], choices([[1, { include: true, matchId: null }]]))).toMatchObject({ transactions: 1, duplicates: 0 });
  });
});

describe('changedRows', () => {
  it('sends only the rows the user changed, with a category only where one was chosen (null: none)', () => {
    const rows = [preview(1), preview(2), preview(3), preview(4)];
    const changed = choices([
      [2, { include: false }],
      [3, { include: true, categoryId: 'dining' }],
      [4, { include: true, categoryId: null, movement: 'TRANSFER', transferAccountId: 'savings', takeBankDetails: undefined }],
      [1, { include: false, matchId: null, takeBankDetails: true }],
      [9, { include: true }], // not a row of this preview
    ]);
    expect(changedRows(rows, changed)).toEqual([
      { index: 1, include: false, matchId: null, takeBankDetails: true },
      { index: 2, include: false },
      { index: 3, include: true, categoryId: 'dining' },
      { index: 4, include: true, categoryId: null, movement: 'TRANSFER', transferAccountId: 'savings' },
    ]);
    expect(changedRows(rows, choices([]))).toEqual([]);
  });
});

describe('the words of an import', () => {
  it('says one and many', () => {
    expect([plural(0, 'row'), plural(1, 'row'), plural(2, 'row')]).toEqual(['0 rows', '1 row', '2 rows']);
  });

  it('announces what was imported, and the duplicates skipped only when there were some (docs/product.md#import)', () => {
    expect(importedMessage({ transactionCount: 1, paycheckCount: 2, transferCount: 0, skippedCount: 0 })).toBe(
      'Imported 1 transaction and 2 paychecks',
    );
    expect(importedMessage({ transactionCount: 3, paycheckCount: 1, transferCount: 0, skippedCount: 1 })).toBe(
      'Imported 3 transactions and 1 paycheck (1 duplicate skipped)',
    );
    expect(importedMessage({ transactionCount: 0, paycheckCount: 0, transferCount: 0, skippedCount: 4 })).toBe(
      'Imported 0 transactions and 0 paychecks (4 duplicates skipped)',
    );
    expect(importedMessage({ transactionCount: 4, paycheckCount: 0, transferCount: 1, skippedCount: 2 })).toBe(
      'Imported 4 transactions, 0 paychecks and 1 transfer (2 duplicates skipped)',
    );
  });

  it('says what a row matched (docs/product.md#matching-what-you-typed)', () => {
    const day = (d: string) => `day ${d}`;
    expect(matchText({ kind: 'EXPENSE', date: '2026-11-18', description: 'Whole Foods Market', enteredByHand: true }, day)).toBe(
      "Matches 'Whole Foods Market' on day 2026-11-18, entered by hand",
    );
    expect(matchText({ kind: 'TRANSFER', date: '2026-11-25', description: null, enteredByHand: false }, day)).toBe(
      'Matches a transfer on day 2026-11-25',
    );
  });
});
