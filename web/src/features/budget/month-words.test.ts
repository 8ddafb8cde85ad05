import { describe, expect, it } from 'vitest';
import { availableTone, carriedWords, targetFill, targetProgress, targetWords } from './month-words.ts';
import { budgetSearch, readTab } from './budget-variables.ts';
import { otherPlanKind, planWords, switchPlanLabel } from './plan-words.ts';

describe('plan words', () => {
  it('says an amount plan as money a month and a percentage plan as a share of each month', () => {
    expect(planWords('AMOUNT', '1850', 1)).toBe('$1,850.00 a month');
    expect(planWords('PERCENTAGE', '600.00', 30)).toBe("30 % of each month's income");
  });
  it('switches to the other kind', () => {
    expect(otherPlanKind('AMOUNT')).toBe('PERCENTAGE');
    expect(otherPlanKind('PERCENTAGE')).toBe('AMOUNT');
    expect(switchPlanLabel('AMOUNT')).toBe('Use a share of income');
    expect(switchPlanLabel('PERCENTAGE')).toBe('Use a fixed amount');
  });
});

describe('the Budget URL', () => {
  const search = (s: string) => new URLSearchParams(s);
  it('opens the tab the URL names, else the default', () => {
    expect(readTab(search(''), 'month')).toBe('month');
    expect(readTab(search(''), 'plan')).toBe('plan');
    expect(readTab(search('month=2026-10'), 'month')).toBe('month');
    expect(readTab(search('tab=plan'), 'month')).toBe('plan');
    expect(readTab(search('tab=month'), 'plan')).toBe('month');
    expect(readTab(search('tab=other'), 'month')).toBe('month');
  });
  it('moves tab and month, keeping the rest and leaving the defaults out', () => {
    expect(budgetSearch(search('month=2026-10'), { tab: 'plan' }).toString()).toBe('month=2026-10&tab=plan');
    expect(budgetSearch(search('month=2026-10&tab=plan'), { tab: 'month' }).toString()).toBe('month=2026-10');
    expect(budgetSearch(search(''), { tab: 'month' }, null).toString()).toBe('tab=month');
    expect(budgetSearch(search('tab=month'), { tab: 'plan' }, null).toString()).toBe('tab=plan');
    expect(budgetSearch(search('tab=plan'), { month: '2026-12' }).toString()).toBe('tab=plan&month=2026-12');
    expect(budgetSearch(search('month=2026-10'), { month: null }).toString()).toBe('');
  });
});

describe('the month view words', () => {
  it('colours available: red below zero, amber when NEAR, green with money left, plain at zero', () => {
    expect(availableTone('OVER', '-5.00')).toBe('danger');
    expect(availableTone('OK', '-0.01')).toBe('danger');
    expect(availableTone('NEAR', '10.00')).toBe('warning');
    expect(availableTone('OK', '10.00')).toBe('success');
    expect(availableTone('OK', '0.00')).toBe('neutral');
  });
  it('says what rolled over from the month before, or was overspent in it', () => {
    expect(carriedWords('100.00', '2026-11')).toBe('$100.00 rolled over from October 2026');
    expect(carriedWords('-50.00', '2027-01')).toBe('-$50.00 overspent in December 2026');
    expect(carriedWords('0.00', '2026-11')).toBeNull();
  });
  it('says a target and how the month stands against it', () => {
    expect(targetWords({ kind: 'MONTHLY', amount: '200.00', date: null })).toBe('$200.00 every month');
    expect(targetWords({ kind: 'SAVE_BY_DATE', amount: '1200.00', date: '2027-06-01' })).toBe('Save $1,200.00 by June 1, 2027');
    expect(targetProgress({ kind: 'MONTHLY', amount: '200.00' }, '200.00', '150.00')).toEqual({
      perMonth: null,
      status: '$150.00 underfunded',
      short: true,
    });
    expect(targetProgress({ kind: 'SAVE_BY_DATE', amount: '1200.00', date: '2027-06-01' }, '171.43', null)).toEqual({
      perMonth: '$171.43 a month needed',
      status: 'Funded',
      short: false,
    });
  });
  it("fills a target's bar with the share of its need assigned", () => {
    expect(targetFill('50.00', '200.00')).toBe(25);
    expect(targetFill('250.00', '200.00')).toBe(100);
    expect(targetFill('-5.00', '200.00')).toBe(0);
    expect(targetFill('0.00', null)).toBe(100);
  });
});
