import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestParameters } from 'relay-runtime';
import { forgetPrefetched, prefetchGraphQL, sendGraphQL } from './graphql-request.ts';
import { chooseBudget } from './budget-selection.ts';

const query: RequestParameters = { id: 'q1', name: 'DashboardPageQuery', operationKind: 'query', text: null, metadata: {} };

afterEach(() => {
  forgetPrefetched();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('an answer asked ahead', () => {
  it('is taken by the screen in the same budget', async () => {
    chooseBudget('u1', 'b1');
    const fetch = vi.fn(async () => Response.json({ data: { n: 1 } }));
    vi.stubGlobal('fetch', fetch);
    prefetchGraphQL(query, {});
    await sendGraphQL(query, {});
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('is never taken for another budget: the screen asks again, naming the new one', async () => {
    chooseBudget('u1', 'b1');
    const fetch = vi.fn(async () => Response.json({ data: { n: 1 } }));
    vi.stubGlobal('fetch', fetch);
    prefetchGraphQL(query, {});
    chooseBudget('u1', 'b2');
    await sendGraphQL(query, {});
    expect(fetch).toHaveBeenCalledTimes(2);
    const [, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'x-budget-id': 'b2' });
  });
});
