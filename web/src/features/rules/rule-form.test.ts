import { describe, expect, it } from 'vitest';
import { check, describeRule, emptyRule, fromRule, toInput, withField, type RuleValues } from './rule-form.ts';

const rule: RuleValues = {
  conditions: [
    { field: 'payee', op: 'contains', value: ' bottle ', high: '' },
    { field: 'amount', op: 'between', value: '1', high: '20.50' },
    { field: 'accountId', op: 'is', value: 'QWNjb3VudDox', high: '' },
  ],
  payee: 'Blue Bottle',
  categoryId: 'Q2F0OjE=',
  notes: '',
  transferAccountId: '',
};

describe('the Rules form', () => {
  it('sends GraphQL its enums, values as lists and no blank action', () => {
    expect(toInput(rule)).toEqual({
      conditions: [
        { field: 'PAYEE', op: 'CONTAINS', value: ['bottle'] },
        { field: 'AMOUNT', op: 'BETWEEN', value: ['1', '20.50'] },
        { field: 'ACCOUNT_ID', op: 'IS', value: ['QWNjb3VudDox'] },
      ],
      actions: { payee: 'Blue Bottle', categoryId: 'Q2F0OjE=', notes: null, transferAccountId: null },
    });
  });

  it('reads a stored rule back into the same values', () => {
    expect(fromRule({ ...toInput(rule), actions: { payee: 'Blue Bottle', categoryId: 'Q2F0OjE=' } })).toEqual({
      ...rule,
      conditions: rule.conditions.map((c) => ({ ...c, value: c.value.trim() })),
    });
  });

  it("shows the shared schema's messages by field", () => {
    expect(check(rule)).toEqual({});
    expect(check(emptyRule())).toEqual({
      'conditions.0.value': 'The text to look for is required',
      actions: 'A rule needs at least one action',
    });
    const bad = { ...rule, conditions: [{ field: 'amount' as const, op: 'between' as const, value: '9', high: '1' }] };
    expect(check(bad)).toEqual({ 'conditions.0.value': 'The highest amount must be at least the lowest' });
  });

  it('keeps a condition’s test when its new field takes it, and starts afresh otherwise', () => {
    expect(withField({ field: 'payee', op: 'startsWith', value: 'x', high: '' }, 'description')).toEqual({
      field: 'description',
      op: 'startsWith',
      value: 'x',
      high: '',
    });
    expect(withField({ field: 'payee', op: 'startsWith', value: 'x', high: '' }, 'kind')).toEqual({
      field: 'kind',
      op: 'is',
      value: 'expense',
      high: '',
    });
  });

  it('says a rule in words, naming its records', () => {
    const names = { categories: new Map([['Q2F0OjE=', 'Coffee']]), accounts: new Map([['QWNjb3VudDox', 'Checking']]) };
    expect(describeRule(rule, names)).toEqual({
      when: 'Payee contains “bottle” and Amount is between 1 and 20.50 and Account is Checking',
      then: 'Payee Blue Bottle, Category Coffee',
    });
  });
});
