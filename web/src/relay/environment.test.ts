import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestParameters } from 'relay-runtime';
import { relayEnvironment, renewEnvironment } from './environment.ts';
import { chooseBudget, onBudgetVanished } from './budget-selection.ts';
import { onChange } from './changes-heard.ts';

const params = {
  id: null,
  name: 'Live',
  operationKind: 'subscription',
  text: 'subscription Live { changes { at } }',
  cacheID: 'live',
  metadata: {},
} as RequestParameters;

/** An open SSE answer that sends `events` and stays open (a subscription's stream). */
function stream(...events: unknown[]) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const e of events) controller.enqueue(new TextEncoder().encode(`event: next\ndata: ${JSON.stringify(e)}\n\n`));
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

function subscribe() {
  const seen: { next: unknown[]; error?: Error } = { next: [] };
  const subscription = relayEnvironment()
    .getNetwork()
    .execute(params, {}, {})
    .subscribe({ next: (v) => seen.next.push(v), error: (e: Error) => (seen.error = e) });
  return { seen, subscription };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Relay subscriptions over graphql-sse', () => {
  it('POSTs the operation with the CSRF header and cookies, and delivers each event', async () => {
    const fetch = vi.fn(async () => stream({ data: { changes: { at: '1' } } }, { data: { changes: { at: '2' } } }));
    vi.stubGlobal('fetch', fetch);
    const { seen, subscription } = subscribe();
    await vi.waitFor(() => expect(seen.next).toHaveLength(2));
    expect(seen.next).toEqual([{ data: { changes: { at: '1' } } }, { data: { changes: { at: '2' } } }]);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(init.headers).toMatchObject({ 'x-graphql-yoga-csrf': '1', accept: 'text/event-stream' });
    expect(JSON.parse(init.body as string)).toMatchObject({ query: params.text, operationName: 'Live' });
    subscription.unsubscribe();
  });

  it('reconnects with growing waits after failures', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // no jitter: waits of exactly 1 s, then 2 s
    const fetch = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce(new Response('oops', { status: 502 }))
      .mockImplementation(async () => stream({ data: { changes: { at: '3' } } }));
    vi.stubGlobal('fetch', fetch);
    const { seen, subscription } = subscribe();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(700); // under the first wait (1 s)
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(600);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1400); // under the second wait (2 s from the second attempt)
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1200);
    expect(fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(5000);
    await vi.waitFor(() => expect(seen.next).toEqual([{ data: { changes: { at: '3' } } }]));
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(seen.error).toBeUndefined();
    subscription.unsubscribe();
  });

  it('ends with the answer when refused (401 signed out), without retrying', async () => {
    const fetch = vi.fn(async () => new Response('{"errors":[{"message":"Unauthorized"}]}', { status: 401 }));
    vi.stubGlobal('fetch', fetch);
    const { seen } = subscribe();
    await vi.waitFor(() => expect(seen.error?.message).toBe('401: {"errors":[{"message":"Unauthorized"}]}'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('Relay queries by id (trusted documents)', () => {
  const query: RequestParameters = { id: 'abc123', name: 'Screen', operationKind: 'query', text: null, metadata: {} };
  const run = () => relayEnvironment().getNetwork().execute(query, { n: 1 }, { force: true }).toPromise();

  it("sends the operation's id, not its text", async () => {
    const fetch = vi.fn(async () => Response.json({ data: { ok: true } }));
    vi.stubGlobal('fetch', fetch);
    expect(await run()).toEqual({ data: { ok: true } });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      operationName: 'Screen',
      variables: { n: 1 },
      extensions: { persistedQuery: { version: 1, sha256Hash: 'abc123' } },
    });
  });

  it('reloads the page, once a minute at most, when the server does not know the id (a newer version of the app)', async () => {
    const unknown = { errors: [{ message: 'This page is out of date', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(unknown, { status: 400 })),
    );
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    sessionStorage.clear();
    expect(await run()).toEqual(unknown); // the screen shows its error meanwhile
    await run();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('a read that fails', () => {
  const query: RequestParameters = { id: 'q2', name: 'Screen', operationKind: 'query', text: null, metadata: {} };
  const write: RequestParameters = { id: 'm2', name: 'Save', operationKind: 'mutation', text: null, metadata: {} };
  const run = (op = query) =>
    relayEnvironment()
      .getNetwork()
      .execute(op, {}, { force: true })
      .toPromise()
      .catch(() => undefined);

  it('has every screen ask again after a wait, once the browser is online, and waits longer after each failure in a row', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // no jitter: waits of exactly 1 s, 2 s, 4 s
    const heard = vi.fn();
    const stop = onChange(heard);
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const fetch = vi.fn<() => Promise<Response>>().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetch);
    await run();
    await run(); // one wait at a time: a second failure meanwhile schedules nothing more
    await vi.advanceTimersByTimeAsync(1000);
    expect(heard).not.toHaveBeenCalled(); // offline: it waits for the browser to be back
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(heard).toHaveBeenCalledTimes(1);
    // Still failing (the server's own failure now), the third in a row: asked again after 4 s.
    fetch.mockResolvedValue(new Response('down', { status: 503 }));
    await run();
    await vi.advanceTimersByTimeAsync(3500);
    expect(heard).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(heard).toHaveBeenCalledTimes(2);
    // An answer resets the wait; a failed write is the form's to report, not a reason to ask again.
    fetch.mockResolvedValue(Response.json({ data: { ok: true } }));
    await run();
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await run(write);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(heard).toHaveBeenCalledTimes(2);
    await run();
    await vi.advanceTimersByTimeAsync(1000);
    expect(heard).toHaveBeenCalledTimes(3);
    stop();
  });
});

describe('the budget the tab works in', () => {
  const query: RequestParameters = { id: 'q1', name: 'Screen', operationKind: 'query', text: null, metadata: {} };
  const write: RequestParameters = { id: 'm1', name: 'Save', operationKind: 'mutation', text: null, metadata: {} };
  const gone = { errors: [{ message: 'Budget not found', extensions: { code: 'NOT_FOUND' } }] };
  const headersOf = (fetch: ReturnType<typeof vi.fn>, call: number) =>
    (fetch.mock.calls[call] as unknown as [string, RequestInit])[1].headers as Record<string, string>;

  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('is named on the subscription’s request too', async () => {
    chooseBudget('u1', 'b1');
    const fetch = vi.fn(async () => stream({ data: { changes: { at: '1' } } }));
    vi.stubGlobal('fetch', fetch);
    const { seen, subscription } = subscribe();
    await vi.waitFor(() => expect(seen.next).toHaveLength(1));
    expect(headersOf(fetch, 0)).toMatchObject({ 'x-budget-id': 'b1' });
    subscription.unsubscribe();
  });

  it('once gone, a read is asked again on the personal budget and the app is told', async () => {
    chooseBudget('u1', 'b1');
    const fetch = vi
      .fn<() => Promise<Response>>()
      .mockResolvedValueOnce(Response.json(gone))
      .mockResolvedValueOnce(Response.json({ data: { personal: true } }));
    vi.stubGlobal('fetch', fetch);
    const heard = vi.fn();
    const stop = onBudgetVanished(heard);
    expect(await relayEnvironment().getNetwork().execute(query, {}, { force: true }).toPromise()).toEqual({ data: { personal: true } });
    expect(headersOf(fetch, 0)).toMatchObject({ 'x-budget-id': 'b1' });
    expect(headersOf(fetch, 1)).not.toHaveProperty('x-budget-id');
    expect(heard).toHaveBeenCalledExactlyOnceWith('b1');
    stop();
  });

  it('once gone, a write is never sent again (it was meant for that budget)', async () => {
    chooseBudget('u1', 'b1');
    const fetch = vi.fn(async () => Response.json(gone));
    vi.stubGlobal('fetch', fetch);
    const heard = vi.fn();
    const stop = onBudgetVanished(heard);
    expect(await relayEnvironment().getNetwork().execute(write, {}, { force: true }).toPromise()).toEqual(gone);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledOnce();
    stop();
  });

  it('a new environment at a switch leaves the previous budget’s records behind', () => {
    const before = relayEnvironment();
    before.commitUpdate((store) => void store.create('client:x', 'X'));
    const after = renewEnvironment();
    expect(after).not.toBe(before);
    expect(relayEnvironment()).toBe(after);
    expect(after.getStore().getSource().has('client:x')).toBe(false);
  });
});
