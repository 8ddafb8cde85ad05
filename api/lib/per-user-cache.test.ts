import { afterEach, describe, expect, it, vi } from 'vitest';
import { PerUserCache } from './per-user-cache.ts';

afterEach(() => vi.useRealTimers());

describe('PerUserCache', () => {
  it('serves a value until it expires or its user changes, keeping the newest keys per user', () => {
    vi.useFakeTimers();
    const cache = new PerUserCache<string>({ maxPerUser: 2, sweepEveryMs: 60_000 });
    cache.set('alice', 'a', 'A', 1000);
    cache.set('bob', 'a', 'B', 1000);
    expect([cache.get('alice', 'a'), cache.get('bob', 'a'), cache.get('alice', 'b')]).toEqual(['A', 'B', undefined]);
    cache.set('alice', 'b', 'AB', 1000);
    cache.set('alice', 'c', 'AC', 1000);
    expect([cache.get('alice', 'a'), cache.get('alice', 'b'), cache.get('alice', 'c')]).toEqual([undefined, 'AB', 'AC']);
    cache.dropUser('alice');
    expect([cache.get('alice', 'c'), cache.get('bob', 'a')]).toEqual([undefined, 'B']);
    vi.advanceTimersByTime(1001);
    expect(cache.get('bob', 'a')).toBeUndefined();
  });

  it('forgets users who never come back once their entries expired', () => {
    vi.useFakeTimers();
    const cache = new PerUserCache<number>({ maxPerUser: 10, sweepEveryMs: 60_000 });
    for (let i = 0; i < 1000; i++) cache.set(`user-${i}`, 'q', i, 1000);
    expect(cache.userCount).toBe(1000);
    vi.advanceTimersByTime(60_000);
    cache.set('active', 'q', 1, 1000);
    expect(cache.userCount).toBe(1);
  });
});
