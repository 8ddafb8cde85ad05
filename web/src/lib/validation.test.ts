import { describe, expect, it } from 'vitest';
import { checkAmount, checkBalance, checkDate } from './validation.ts';

describe('client checks give the server’s messages', () => {
  it('amounts and balances: up to two decimals, balances may be negative or empty', () => {
    expect(['12', '0.5', '1234567890.99'].map(checkAmount)).toEqual([undefined, undefined, undefined]);
    expect(['', 'abc', '-1', '1.234', '1e3'].map(checkAmount)).toEqual(Array(5).fill('Amount must be a valid number'));
    expect(['', '-12.50'].map(checkBalance)).toEqual([undefined, undefined]);
    expect(checkBalance('12,50')).toBe('Balance must be a valid number');
  });

  it('dates: a whole YYYY-MM-DD from the date input', () => {
    expect(checkDate('2026-11-23')).toBeUndefined();
    expect(['', '2026-11', '23/11/2026'].map(checkDate)).toEqual(Array(3).fill('Date must be a valid date (YYYY-MM-DD)'));
  });
});
