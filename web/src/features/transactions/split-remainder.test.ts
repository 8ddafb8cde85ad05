import { describe, expect, it } from 'vitest';
import { splitRemainder } from './split-remainder.ts';

const lines = (...amounts: string[]) => amounts.map((amount) => ({ amount }));

describe('the remainder of a split', () => {
  it('says what is left, what is over, or that the lines add up, to the cent', () => {
    expect(splitRemainder('60.00', lines('40', ''))).toEqual({ state: 'left', cents: 2000n, text: '$20.00 left to split' });
    expect(splitRemainder('60', lines('40.00', '23'))).toEqual({ state: 'over', cents: 300n, text: 'Split lines are $3.00 over' });
    expect(splitRemainder('60.00', lines('40.10', '19.90'))).toEqual({ state: 'even', cents: 0n, text: 'Split lines add up to $60.00' });
    // No float: 0.1 + 0.2 is 0.3 exactly.
    expect(splitRemainder('0.30', lines('0.10', '0.20')).state).toBe('even');
    expect(splitRemainder('9999999999.99', lines('9999999999.98', '0.01')).state).toBe('even');
  });

  it('reads amounts as typed, thousands separators included; a line not yet an amount counts as nothing', () => {
    expect(splitRemainder('1,250.00', lines('1,000', '200'))).toMatchObject({ state: 'left', text: '$50.00 left to split' });
    expect(splitRemainder('12.50', lines('abc', '-3', '2.555'))).toMatchObject({ state: 'left', text: '$12.50 left to split' });
  });

  it('has nothing to split until the amount is one', () => {
    for (const amount of ['', '0', '0.00', 'ten', '-5']) expect(splitRemainder(amount, lines('1')).state).toBe('no-amount');
  });
});
