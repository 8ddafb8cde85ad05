import { describe, expect, it } from 'vitest';
import { cleanPayee } from './clean-payee.ts';

describe('cleanPayee', () => {
  it.each([
    ['SQ *BLUE BOTTLE COFFEE 123', 'Blue Bottle Coffee'],
    ['AMZN Mktp US*2K4', 'Amazon'],
    ['Amazon.com*RT4Y7', 'Amazon'],
    ['WHOLEFDS MKT 10234', 'Whole Foods Market'],
    ['UBER *TRIP', 'Uber'],
    ['UBER EATS 8005928996', 'Uber Eats'],
    ['TST* JOES PIZZA #44', 'Joes Pizza'],
    ['PAYPAL *SPOTIFYUSA', 'Spotify'],
    ['SHELL OIL 57444', 'Shell Oil'],
    ['TRADER JOE S #552', 'Trader Joe S'],
    ['Payment Thank You-Mobile', 'Payment Thank You-Mobile'],
    ['Kartenzahlung', 'Kartenzahlung'],
    ['ACME PAYROLL', 'Acme Payroll'],
    ['  corner   deli  ', 'Corner Deli'],
    ['12345', '12345'],
  ])('%s → %s', (text, payee) => {
    expect(cleanPayee(text)).toBe(payee);
  });
});
