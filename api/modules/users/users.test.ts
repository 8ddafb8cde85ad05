import { describe, expect, it } from 'vitest';
import { displayName, initials } from './users.service.ts';

describe('display name and initials (docs/product.md#users)', () => {
  it('falls back from full name to first name to email to "User"', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@x.io' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: 'Ada', lastName: null, email: 'a@x.io' })).toBe('Ada');
    expect(displayName({ firstName: null, lastName: 'Lovelace', email: 'a@x.io' })).toBe('a@x.io');
    expect(displayName({ firstName: null, lastName: null, email: null })).toBe('User');
  });

  it('takes the initials of both names, else the email, else "U"', () => {
    expect(initials({ firstName: 'ada', lastName: 'lovelace', email: null })).toBe('AL');
    expect(initials({ firstName: 'Ada', lastName: null, email: 'zed@x.io' })).toBe('Z');
    expect(initials({ firstName: null, lastName: null, email: null })).toBe('U');
  });
});
