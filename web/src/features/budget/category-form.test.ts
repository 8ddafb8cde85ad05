import { describe, expect, it } from 'vitest';
import { categoryForm, formTarget, targetInput } from './category-form.ts';

const values = { name: 'Rent', type: 'bills' as const, carryOverspending: false };

describe("Edit Category's target", () => {
  it('reads a saved target into the fields, and none as no kind', () => {
    expect(formTarget({ kind: 'SAVE_BY_DATE', amount: '1200.00', date: '2027-06-01' })).toEqual({
      kind: 'saveByDate',
      amount: '1200.00',
      date: '2027-06-01',
    });
    expect(formTarget(null)).toEqual({ kind: '', amount: '', date: '' });
  });
  it('sends no target as null, a monthly one without its date', () => {
    expect(targetInput({ kind: '', amount: '5', date: '' })).toBeNull();
    expect(targetInput({ kind: 'monthly', amount: '200 ', date: '2027-01-01' })).toEqual({ kind: 'MONTHLY', amount: '200', date: null });
    expect(targetInput({ kind: 'saveByDate', amount: '1200', date: '2027-06-01' })).toEqual({
      kind: 'SAVE_BY_DATE',
      amount: '1200',
      date: '2027-06-01',
    });
  });
  it("is checked by the shared rules, with the server's messages on the target's fields", () => {
    expect(categoryForm.safeParse({ ...values, target: { kind: '', amount: '', date: '' } }).success).toBe(true);
    const noDate = categoryForm.safeParse({ ...values, target: { kind: 'saveByDate', amount: '100', date: '' } });
    expect(noDate.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['target.date', 'A save-by-date target needs a date']]);
    const noAmount = categoryForm.safeParse({ ...values, target: { kind: 'monthly', amount: '', date: '' } });
    expect(noAmount.error?.issues[0]?.path.join('.')).toBe('target.amount');
  });
});
