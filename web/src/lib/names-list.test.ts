import { describe, expect, it } from 'vitest';
import { namesList } from './names-list.ts';

describe('names in a sentence', () => {
  it('are named as a sentence says them', () => {
    expect(namesList(['Household'])).toBe('Household');
    expect(namesList(['Household', 'Trip'])).toBe('Household and Trip');
    expect(namesList(['Household', 'Trip', 'Cabin'])).toBe('Household, Trip and Cabin');
  });
});
