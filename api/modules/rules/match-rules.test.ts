import { describe, expect, it } from 'vitest';
import { applyRules, type RuleSpec, type RuleSubject } from './match-rules.ts';
import type { RuleCondition } from '../../../shared/inputs/rules.ts';

const subject = (over: Partial<RuleSubject> = {}): RuleSubject => ({
  payee: 'Blue Bottle Coffee',
  description: 'SQ *BLUE BOTTLE COFFEE 123',
  amount: '4.50',
  accountId: 'acc-1',
  kind: 'expense',
  ...over,
});
const rule = (id: string, conditions: RuleCondition[], actions: RuleSpec['actions'] = { categoryId: `cat-${id}` }): RuleSpec => ({
  id,
  conditions,
  actions,
});
const matches = (c: RuleCondition, s = subject()) => applyRules([rule('r', [c])], s).ruleIds.length === 1;

describe('applyRules: each condition', () => {
  it('payee contains / is / startsWith, ignoring case and runs of spaces; no payee matches nothing', () => {
    expect(matches({ field: 'payee', op: 'contains', value: 'bottle' })).toBe(true);
    expect(matches({ field: 'payee', op: 'contains', value: 'tea' })).toBe(false);
    expect(matches({ field: 'payee', op: 'is', value: '  blue   bottle coffee ' })).toBe(true);
    expect(matches({ field: 'payee', op: 'is', value: 'Blue Bottle' })).toBe(false);
    expect(matches({ field: 'payee', op: 'startsWith', value: 'BLUE' })).toBe(true);
    expect(matches({ field: 'payee', op: 'startsWith', value: 'Bottle' })).toBe(false);
    expect(matches({ field: 'payee', op: 'contains', value: 'blue' }, subject({ payee: null }))).toBe(false);
  });

  it('description contains / is / startsWith', () => {
    expect(matches({ field: 'description', op: 'contains', value: 'coffee 12' })).toBe(true);
    expect(matches({ field: 'description', op: 'is', value: 'sq *blue bottle coffee 123' })).toBe(true);
    expect(matches({ field: 'description', op: 'is', value: 'sq *blue bottle' })).toBe(false);
    expect(matches({ field: 'description', op: 'startsWith', value: 'SQ *' })).toBe(true);
    expect(matches({ field: 'description', op: 'startsWith', value: 'BLUE' })).toBe(false);
  });

  it('amount is / between, exactly in cents and inclusive', () => {
    expect(matches({ field: 'amount', op: 'is', value: '4.5' })).toBe(true);
    expect(matches({ field: 'amount', op: 'is', value: '4.51' })).toBe(false);
    expect(matches({ field: 'amount', op: 'between', value: ['4.50', '10'] })).toBe(true);
    expect(matches({ field: 'amount', op: 'between', value: ['1', '4.50'] })).toBe(true);
    expect(matches({ field: 'amount', op: 'between', value: ['4.51', '10'] })).toBe(false);
    expect(matches({ field: 'amount', op: 'between', value: ['0.01', '4.49'] })).toBe(false);
  });

  it('accountId is, kind is', () => {
    expect(matches({ field: 'accountId', op: 'is', value: 'acc-1' })).toBe(true);
    expect(matches({ field: 'accountId', op: 'is', value: 'acc-2' })).toBe(false);
    expect(matches({ field: 'accountId', op: 'is', value: 'acc-1' }, subject({ accountId: null }))).toBe(false);
    expect(matches({ field: 'kind', op: 'is', value: 'expense' })).toBe(true);
    expect(matches({ field: 'kind', op: 'is', value: 'income' })).toBe(false);
    expect(matches({ field: 'kind', op: 'is', value: 'refund' }, subject({ kind: 'refund' }))).toBe(true);
  });
});

describe('applyRules: order and actions', () => {
  it('needs every condition of a rule', () => {
    const both = rule('r', [
      { field: 'payee', op: 'contains', value: 'bottle' },
      { field: 'amount', op: 'is', value: '9.99' },
    ]);
    expect(applyRules([both], subject())).toEqual({ ruleIds: [] });
    expect(applyRules([both], subject({ amount: '9.99' }))).toEqual({ ruleIds: ['r'], categoryId: 'cat-r' });
  });

  it('runs in order: a later rule sees the payee an earlier one set, and wins a field both set', () => {
    const rename = rule('rename', [{ field: 'description', op: 'startsWith', value: 'SQ *BLUE' }], {
      payee: 'Blue Bottle',
      notes: 'coffee',
    });
    const categorise = rule('categorise', [{ field: 'payee', op: 'is', value: 'blue bottle' }], { categoryId: 'cafes', notes: 'later' });
    expect(applyRules([rename, categorise], subject())).toEqual({
      ruleIds: ['rename', 'categorise'],
      payee: 'Blue Bottle',
      categoryId: 'cafes',
      notes: 'later',
    });
    // The other way round, the categorising rule looks at the payee before the rename.
    expect(applyRules([categorise, rename], subject())).toEqual({ ruleIds: ['rename'], payee: 'Blue Bottle', notes: 'coffee' });
  });

  it('gives a transfer action as it is, and nothing without rules', () => {
    const transfer = rule('t', [{ field: 'description', op: 'contains', value: 'transfer to sav' }], { transferAccountId: 'savings' });
    expect(applyRules([transfer], subject({ description: 'Online Banking transfer to SAV 1234' }))).toEqual({
      ruleIds: ['t'],
      transferAccountId: 'savings',
    });
    expect(applyRules([], subject())).toEqual({ ruleIds: [] });
  });
});
