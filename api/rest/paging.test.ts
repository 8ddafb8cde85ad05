import { beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, formatCalendarDate, today } from '../lib/dates.ts';
import { useModuleHarness } from '../test/module-harness.ts';
import { encodeCursor } from '../lib/cursors.ts';

const h = useModuleHarness();

type Rest = Awaited<ReturnType<typeof h.user>>['rest'];

/** Every list route, with a filter of its own where it has one. */
const LISTS = [
  '/api/accounts',
  '/api/paychecks',
  '/api/budget-categories',
  '/api/transactions',
  '/api/recurring-bills',
  '/api/recurring-bills/upcoming',
  '/api/bill-payments',
  '/api/savings-goals',
  '/api/goal-contributions',
];

const day = (offset: number) => formatCalendarDate(addCalendarDays(today('UTC'), offset));

/** Seven rows in every list, some on the same day (ties broken by creation time and id). */
async function seed(rest: Rest) {
  const ok = async (path: string, body: unknown) => {
    const r = await rest('POST', path, body);
    expect(r.status, `${path} ${r.text}`).toBe(201);
    return r.body as { id: string };
  };
  const bills: string[] = [];
  const goals: string[] = [];
  for (let i = 0; i < 7; i++) {
    await ok('/api/accounts', { name: `Account ${i}`, type: 'checking' });
    await ok('/api/paychecks', { amount: `${100 + i}`, date: day(-(i % 3)) });
    await ok('/api/budget-categories', { name: `Category ${i}`, type: 'expenses' });
    await ok('/api/transactions', { amount: `${i + 1}`, description: `T${i}`, date: day(-(i % 2)) });
    bills.push(
      (await ok('/api/recurring-bills', { name: `Bill ${i % 3}`, amount: '10', frequency: 'monthly', dueDay: 1, nextDueDate: day(i * 7) }))
        .id,
    );
    goals.push((await ok('/api/savings-goals', { name: `Goal ${i}`, targetAmount: '1000' })).id);
  }
  for (let i = 0; i < 7; i++) {
    await ok('/api/bill-payments', { recurringBillId: bills[i % 2]!, amount: '10', paidDate: day(-(i % 3)) });
    await ok('/api/goal-contributions', { goalId: goals[i % 2]!, amount: '5', contributionDate: day(-(i % 3)) });
  }
  return { bills, goals };
}

/** Every page of a list, following `nextCursor` and checking the Link header on the way. */
async function pages(rest: Rest, path: string, limit: number) {
  const items: unknown[] = [];
  const sep = path.includes('?') ? '&' : '?';
  let url = `${path}${sep}limit=${limit}`;
  for (let n = 0; n < 100; n++) {
    const r = await rest('GET', url);
    expect(r.status, `${url} ${r.text}`).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['items', 'nextCursor']);
    expect(r.body.items.length).toBeLessThanOrEqual(limit);
    items.push(...r.body.items);
    if (r.body.nextCursor === null) {
      expect(r.headers.get('link')).toBeNull();
      return items;
    }
    expect(r.body.items).toHaveLength(limit);
    const link = r.headers.get('link')!;
    expect(link).toMatch(/^<\/api\/[^>]+>; rel="next"$/);
    const next = new URL(link.slice(1, link.indexOf('>')), 'http://x');
    expect(next.pathname).toBe(path.split('?')[0]);
    expect(next.searchParams.get('cursor')).toBe(r.body.nextCursor);
    expect(next.searchParams.get('limit')).toBe(String(limit));
    url = next.pathname + next.search;
  }
  throw new Error('too many pages');
}

describe('REST lists: limit and cursor', () => {
  let alice: Rest;
  let bob: Rest;
  let seeded: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    alice = (await h.user()).rest;
    bob = (await h.user()).rest;
    seeded = await seed(alice);
    await seed(bob);
  }, 60_000);

  it('paging through each list gives exactly the unpaged list, which stays a plain array', async () => {
    const lists = [...LISTS, `/api/bill-payments?recurringBillId=${seeded.bills[1]}`, `/api/goal-contributions?goalId=${seeded.goals[0]}`];
    for (const path of lists) {
      const whole = await alice('GET', path);
      expect(whole.status).toBe(200);
      expect(Array.isArray(whole.body), path).toBe(true);
      expect(whole.headers.get('link')).toBeNull();
      expect(whole.body.length, path).toBeGreaterThan(1);
      for (const limit of [1, 2, 3, 500]) expect(await pages(alice, path, limit), `${path} limit=${limit}`).toEqual(whole.body);
    }
  });

  it('a cursor alone pages by 50', async () => {
    const first = await alice('GET', '/api/transactions?limit=2');
    const rest = await alice('GET', `/api/transactions?cursor=${first.body.nextCursor}`);
    const whole = await alice('GET', '/api/transactions');
    expect(rest.body).toEqual({ items: whole.body.slice(2), nextCursor: null });
  });

  it('answers 400 for a limit out of 1..500', async () => {
    for (const limit of ['0', '501', '-1', '2.5', 'abc', '']) {
      const r = await alice('GET', `/api/accounts?limit=${limit}`);
      expect([r.status, r.body.message], limit).toEqual([400, 'limit must be a whole number from 1 to 500']);
    }
  });

  it('answers 400 "Invalid cursor" for a malformed cursor or one of another list', async () => {
    const accounts = await alice('GET', '/api/accounts?limit=1');
    const bad = [
      'not a cursor',
      'bm90LWpzb24',
      encodeCursor('/accounts', '').replace(/=+$/, ''),
      Buffer.from(JSON.stringify({ id: 'x' })).toString('base64url'),
      accounts.body.nextCursor, // a cursor of the accounts, given to the paychecks
    ];
    for (const cursor of bad) {
      const r = await alice('GET', `/api/paychecks?limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect([r.status, r.body], cursor).toEqual([
        400,
        { message: 'Invalid cursor', errors: [{ path: ['cursor'], message: 'Invalid cursor' }] },
      ]);
    }
  });

  it("answers a cursor of another user's row exactly like one of a missing row", async () => {
    for (const path of LISTS) {
      const theirs = (await bob('GET', `${path}?limit=1`)).body.nextCursor as string;
      const id = JSON.parse(Buffer.from(theirs, 'base64url').toString())[1] as string;
      const foreign = await alice('GET', `${path}?limit=2&cursor=${encodeCursor(path.slice(4), id)}`);
      const missing = await alice('GET', `${path}?limit=2&cursor=${encodeCursor(path.slice(4), '00000000-0000-7000-8000-000000000000')}`);
      expect([foreign.status, foreign.text], path).toEqual([missing.status, missing.text]);
      expect(foreign.body, path).toEqual({ items: [], nextCursor: null });
      // Alice's own row as the cursor does page.
      const mine = (await alice('GET', `${path}?limit=1`)).body.nextCursor as string;
      expect((await alice('GET', `${path}?limit=2&cursor=${mine}`)).body.items.length, path).toBeGreaterThan(0);
    }
  });

  it('documents limit and cursor on every list in /api/openapi.json', async () => {
    const doc = (await alice('GET', '/api/openapi.json')).body;
    for (const path of LISTS) {
      const op = doc.paths[path.slice(4)].get;
      expect(
        op.parameters.map((p: { name: string }) => p.name),
        path,
      ).toEqual(expect.arrayContaining(['limit', 'cursor']));
      expect(op.responses['200'].content['application/json'].schema.oneOf, path).toHaveLength(2);
      expect(op.responses['400']).toBeDefined();
    }
    expect(doc.paths['/transactions'].get.responses['429']).toBeDefined();
    expect(doc.paths['/export/transactions.csv'].get.responses['429']).toBeDefined();
    expect(doc.paths['/accounts'].get.responses['429']).toBeUndefined();
  });
});
