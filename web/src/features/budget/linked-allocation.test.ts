import { describe, expect, it } from 'vitest';
import { amountForPercent, difference, percentForAmount, sumAmounts } from './linked-allocation.ts';

describe('budget linked editing', () => {
  it('sets the amount from the percentage, to the cent', () => {
    expect(amountForPercent('1000.00', 25)).toBe('250.00');
    expect(amountForPercent('333.33', 33)).toBe('110.00');
    expect(amountForPercent('0.10', 50)).toBe('0.05');
    expect(amountForPercent('0', 40)).toBe('0.00');
  });

  it('sets the percentage from the amount, rounded, 0 without income, within 0-100', () => {
    expect(percentForAmount('1000', '125')).toBe(13);
    expect(percentForAmount('1000', '124.99')).toBe(12);
    expect(percentForAmount('0', '50')).toBe(0);
    expect(percentForAmount('100', '250')).toBe(100);
  });

  it('sums and subtracts exactly', () => {
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
    expect(difference('100.00', '100.30')).toBe('-0.30');
  });
});
