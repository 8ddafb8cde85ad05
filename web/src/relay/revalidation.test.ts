import { describe, expect, it } from 'vitest';
import { differsOnlyIn } from './revalidation.ts';

const url = (path: string) => new URL(path, 'http://localhost');

describe('differsOnlyIn', () => {
  it('is true when only the named parameters changed', () => {
    expect(differsOnlyIn(url('/budget'), url('/budget?tab=plan'), ['tab'])).toBe(true);
    expect(differsOnlyIn(url('/budget?month=2026-10&tab=plan'), url('/budget?month=2026-10'), ['tab'])).toBe(true);
  });
  it('is false for another parameter, another path, or the same URL (a click on the link of the screen shown reloads it)', () => {
    expect(differsOnlyIn(url('/budget?tab=plan'), url('/budget?tab=plan&month=2026-10'), ['tab'])).toBe(false);
    expect(differsOnlyIn(url('/budget?tab=plan'), url('/reports'), ['tab'])).toBe(false);
    expect(differsOnlyIn(url('/budget?tab=plan'), url('/budget?tab=plan'), ['tab'])).toBe(false);
  });
});
