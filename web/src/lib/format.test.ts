import { describe, expect, it } from 'vitest';
import { formatMoney, formatSpent, fromCents, isNegative, toCents, typedAmount } from './money.ts';
import { typedAmountError } from './forms.ts';
import { formatDateRange, formatLongDate, formatMonth, formatShortDate, shiftMonth } from './dates.ts';
import { isUnauthorizedError } from './http-error.ts';

describe('money formatting (string-based, no floats)', () => {
  it('formats dollars with separators and two decimals', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney('0')).toBe('$0.00');
    expect(formatMoney('-12')).toBe('-$12.00');
    expect(formatMoney('-0.00')).toBe('$0.00');
    expect(formatMoney('9999999999.99')).toBe('$9,999,999,999.99');
    expect(formatSpent('12.00')).toBe('-$12.00');
    expect(isNegative('-0.01')).toBe(true);
    expect(isNegative('-0.00')).toBe(false);
  });

  it('converts to and from whole cents exactly', () => {
    expect(toCents('0.10') + toCents('0.20')).toBe(30n);
    expect(fromCents(toCents('-1234.5'))).toBe('-1234.50');
  });
});

describe('dates', () => {
  it('show the calendar day as written, whatever the time zone', () => {
    expect(formatLongDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatShortDate('2026-12-31')).toBe('Dec 31, 2026');
  });

  it('show a range with the parts both ends share written once', () => {
    expect(formatDateRange('2026-10-24', '2026-11-23')).toBe('Oct 24\u2009–\u2009Nov 23, 2026');
    expect(formatDateRange('2025-11-24', '2026-11-23')).toBe('Nov 24, 2025\u2009–\u2009Nov 23, 2026');
    expect(formatDateRange('2026-11-17', '2026-11-23')).toBe('Nov 17\u2009–\u200923, 2026');
  });
});

describe('months', () => {
  it('names a month and moves across years', () => {
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-03', -14)).toBe('2025-01');
  });
});

describe('errors', () => {
  it('recognises the unauthorized error (a 401 that says Unauthorized)', () => {
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new Error('500: Unauthorized'))).toBe(false);
    expect(isUnauthorizedError(new Error('401: Forbidden'))).toBe(false);
  });
});

describe('amounts as people type them', () => {
  it('lose their thousands separators, and only those', () => {
    expect(typedAmount('2,500.00')).toBe('2500.00');
    expect(typedAmount('1,234,567')).toBe('1234567');
    expect(typedAmount('1,5')).toBe('1,5');
    expect(typedAmount('12,34.00')).toBe('12,34.00');
  });

  it('say what is wrong: too large for eleven digits or more, else not a valid number', () => {
    expect(typedAmountError('2,500.00')).toBeUndefined();
    expect(typedAmountError('12345678901')).toBe('The amount is too large: money values have at most 10 digits before the decimal point');
    expect(typedAmountError('12,345,678,901.50')).toBe(
      'The amount is too large: money values have at most 10 digits before the decimal point',
    );
    expect(typedAmountError('1e3')).toBe('Amount must be a valid number');
  });
});
