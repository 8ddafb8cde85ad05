import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  budgetHeaders,
  budgetVanished,
  chooseBudget,
  chosenBudgetId,
  isBudgetGone,
  onBudgetVanished,
  withBudget,
} from './budget-selection.ts';
import { graphqlHeaders } from './graphql-request.ts';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

/** A new tab of the same browser: its own sessionStorage, the shared localStorage. */
const newTab = () => sessionStorage.clear();

describe('the budget a tab works in', () => {
  it('is the personal budget until one is chosen: no header, downloads as they were', () => {
    expect(chosenBudgetId()).toBeNull();
    expect(budgetHeaders()).toEqual({});
    expect(graphqlHeaders()).not.toHaveProperty('x-budget-id');
    expect(withBudget('/api/export/all.json')).toBe('/api/export/all.json');
  });

  it('names the chosen budget on every GraphQL request and download', () => {
    chooseBudget('u1', 'b1');
    expect(chosenBudgetId()).toBe('b1');
    expect(graphqlHeaders()).toMatchObject({ 'x-budget-id': 'b1', 'x-graphql-yoga-csrf': '1' });
    expect(withBudget('/api/export/transactions.csv?period=month')).toBe('/api/export/transactions.csv?period=month&budgetId=b1');
    expect(withBudget('/api/export/all.json')).toBe('/api/export/all.json?budgetId=b1');
  });

  it('sends no header for the personal budget (its id is the user’s)', () => {
    chooseBudget('u1', 'b1');
    chooseBudget('u1', 'u1');
    expect(chosenBudgetId()).toBeNull();
    expect(budgetHeaders()).toEqual({});
  });

  it('is kept per tab, and a new tab starts on the one chosen last', () => {
    chooseBudget('u1', 'b1');
    newTab();
    expect(chosenBudgetId()).toBe('b1'); // remembered for the new tab
    // Another tab chooses another budget: this one stays where it is.
    const thisTab = sessionStorage.getItem('budget');
    chooseBudget('u1', 'b2');
    sessionStorage.setItem('budget', thisTab!);
    expect(chosenBudgetId()).toBe('b1');
    newTab();
    expect(chosenBudgetId()).toBe('b2');
  });

  it('ignores a choice another person made on this browser', () => {
    chooseBudget('u1', 'b1');
    expect(chosenBudgetId('u1')).toBe('b1');
    expect(chosenBudgetId('u2')).toBeNull();
  });

  it('survives storage that is blocked or holds junk', () => {
    sessionStorage.setItem('budget', '{not json');
    expect(chosenBudgetId()).toBeNull();
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(chosenBudgetId()).toBeNull();
    getItem.mockRestore();
  });
});

describe('a budget that vanished', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the tab and the next new tab back to the personal budget, telling the listeners once', () => {
    chooseBudget('u1', 'b1');
    const heard = vi.fn();
    const stop = onBudgetVanished(heard);
    budgetVanished('b1');
    budgetVanished('b1'); // a second request finding out tells nothing new
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledWith('b1');
    expect(chosenBudgetId()).toBeNull();
    newTab();
    expect(chosenBudgetId()).toBeNull();
    stop();
  });

  it('is not the tab’s budget any more when it moved on meanwhile', () => {
    chooseBudget('u1', 'b2');
    const heard = vi.fn();
    const stop = onBudgetVanished(heard);
    budgetVanished('b1');
    expect(heard).not.toHaveBeenCalled();
    expect(chosenBudgetId()).toBe('b2');
    stop();
  });

  it('is told to the first listener when found before anyone listened (the page’s first requests)', async () => {
    chooseBudget('u1', 'b1');
    budgetVanished('b1');
    const heard = vi.fn();
    const stop = onBudgetVanished(heard);
    await Promise.resolve();
    expect(heard).toHaveBeenCalledExactlyOnceWith('b1');
    stop();
    const later = vi.fn();
    onBudgetVanished(later)();
    await Promise.resolve();
    expect(later).not.toHaveBeenCalled();
  });

  it('is told by the server’s "Budget not found", over GraphQL or REST', () => {
    expect(isBudgetGone(200, { errors: [{ message: 'Budget not found', extensions: { code: 'NOT_FOUND' } }] })).toBe(true);
    expect(isBudgetGone(404, { message: 'Budget not found' })).toBe(true);
    expect(isBudgetGone(200, { errors: [{ message: 'Account not found', extensions: { code: 'NOT_FOUND' } }] })).toBe(false);
    expect(isBudgetGone(200, {})).toBe(false);
  });
});
