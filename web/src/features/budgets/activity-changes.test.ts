import { describe, expect, it } from 'vitest';
import { fieldChanges, fieldLabel, valueText } from './activity-changes.ts';

describe('the activity log’s before → after', () => {
  it('lists the fields a person changed, leaving bookkeeping out', () => {
    const before = { id: 't1', user_id: 'b1', amount: '12.50', description: 'Lunch', updated_at: '2026-01-01', updated_by: 'u1' };
    const after = { id: 't1', user_id: 'b1', amount: '15.00', description: 'Lunch', updated_at: '2026-01-02', updated_by: 'u2' };
    expect(fieldChanges(before, after)).toEqual([{ field: 'Amount', from: '12.50', to: '15.00' }]);
  });

  it('shows money with its cents, and a link to another record as changed only', () => {
    expect(fieldChanges({ amount: 12.5, category_id: 'c1' }, { amount: 15, category_id: 'c2' })).toEqual([
      { field: 'Amount', from: '12.50', to: '15.00' },
      { field: 'Category', from: null, to: null },
    ]);
  });

  it('shows an addition and a deletion against nothing', () => {
    expect(fieldChanges(null, { description: 'Rent', categoryId: null })).toEqual([{ field: 'Description', from: '—', to: 'Rent' }]);
    expect(fieldChanges(null, { categoryId: 'c1' })).toEqual([{ field: 'Category', from: null, to: null }]);
    expect(fieldChanges({ name: 'Cash' }, undefined)).toEqual([{ field: 'Name', from: 'Cash', to: '—' }]);
  });

  it('names fields readably and values plainly', () => {
    expect(fieldLabel('category_id')).toBe('Category');
    expect(fieldLabel('isDefault')).toBe('Is default');
    expect(valueText(true)).toBe('true');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
    expect(valueText('')).toBe('—');
  });
});
