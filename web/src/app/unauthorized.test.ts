import { describe, expect, it } from 'vitest';
import { signInUrl } from './unauthorized.ts';

describe('signInUrl', () => {
  it('comes back to the screen it was left from, query and fragment included; home needs no return path', () => {
    expect(signInUrl({}, { pathname: '/reports', search: '?period=yearly', hash: '' })).toBe(
      '/api/login?returnTo=%2Freports%3Fperiod%3Dyearly',
    );
    expect(signInUrl({}, { pathname: '/transactions', search: '?q=a&b', hash: '#row' })).toBe(
      '/api/login?returnTo=%2Ftransactions%3Fq%3Da%26b%23row',
    );
    expect(signInUrl({}, { pathname: '/', search: '', hash: '' })).toBe('/api/login');
    expect(signInUrl({ prompt: 'login' }, { pathname: '/settings', search: '', hash: '' })).toBe(
      '/api/login?returnTo=%2Fsettings&prompt=login',
    );
  });
});
