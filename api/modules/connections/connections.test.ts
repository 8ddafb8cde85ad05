import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { useModuleHarness } from '../../test/module-harness.ts';
import { finAccount, finTransaction, startSimpleFinServer, type FinAccount, type Misbehaviour } from '../../test/simplefin-server.ts';
import { BRIDGE_LIMITS } from './simplefin.ts';
import { syncDue } from './sync-schedule.ts';
import { encryptionKey, seal, unseal } from '../../lib/encryption.ts';
import type { Viewer } from '../../lib/viewer.ts';

const h = useModuleHarness();
let bridge: Awaited<ReturnType<typeof startSimpleFinServer>>;
beforeAll(async () => {
  bridge = await startSimpleFinServer();
});
afterAll(() => bridge?.close());
afterEach(() => bridge.behave());

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** A user with a checking account, connected to the test bridge with `accounts`, the first one linked to it. */
async function connected(accounts: FinAccount[] = [checkingAtBank()]) {
  const u = await h.user();
  const checking = (
    await u.rest('POST', '/api/accounts', { name: 'Checking', type: 'checking', balance: '1000.00', startingDate: '2000-01-01' })
  ).body.id as string;
  const { token, access } = bridge.setupToken(accounts);
  const created = await u.rest('POST', '/api/connections', { setupToken: token });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const linked = await u.rest('PATCH', `/api/connections/${id}`, { links: [{ remoteId: accounts[0]!.id, accountId: checking }] });
  expect(linked.status).toBe(200);
  const records = async () =>
    (await u.viewer.prisma.transaction.findMany({ where: { userId: u.viewer.id }, orderBy: { fitid: 'asc' } })).map((t) => ({
      fitid: t.fitid,
      amount: t.amount.toFixed(2),
      description: t.description,
      pending: t.pending,
    }));
  const balance = async () => (await u.rest('GET', '/api/accounts')).body.find((a: any) => a.id === checking).balance as string;
  return { ...u, id, checking, access, records, balance, sync: () => u.rest('POST', `/api/connections/${id}/sync`, {}) };
}

function checkingAtBank(): FinAccount {
  return finAccount('ACT-1', {
    name: 'Everyday Checking',
    balance: '830.50',
    transactions: [
      finTransaction('TX-1', '-45.50', 'WHOLEFDS MKT 10234', 3),
      finTransaction('TX-2', '-24.00', 'UBER *TRIP', 2),
      finTransaction('TX-3', '2000.00', 'ACME PAYROLL', 2),
      finTransaction('TX-4', '-100.00', 'CITY WATER', 0, { posted: 0, pending: true, transacted_at: Math.floor(Date.now() / 1000) }),
    ],
  });
}

describe('bank sync: connecting', () => {
  it('claims the setup token, keeps the access URL sealed and lists the bridge’s accounts', async () => {
    const u = await h.user();
    const { token, access } = bridge.setupToken([checkingAtBank(), finAccount('ACT-2', { name: 'Card', balance: '-120.00' })]);
    const created = await u.rest('POST', '/api/connections', { setupToken: token });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Test Bank',
      lastSyncedAt: null,
      lastError: null,
      accounts: [
        { remoteId: 'ACT-2', name: 'Card', balance: '-120.00', currency: 'USD', accountId: null, balanceDifference: null },
        { remoteId: 'ACT-1', name: 'Everyday Checking', balance: '830.50', currency: 'USD', accountId: null },
      ],
    });
    const row = await u.viewer.prisma.bankConnection.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row.accessSecret).not.toContain(access.password);
    expect(row.accessSecret).not.toContain(access.user);
    expect(unseal(await encryptionKey(u.viewer.prisma), row.accessSecret)).toContain(`${access.user}:${access.password}@`);
    const listed = await u.rest('GET', '/api/connections');
    expect(listed.text).not.toContain(access.password);
    expect(listed.body).toEqual([created.body]);
    expect((await u.rest('GET', `/api/connections/${created.body.id}`)).body).toEqual(created.body);
    // A setup token claims once.
    const again = await u.rest('POST', '/api/connections', { setupToken: token });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/already used/);
  });

  it('refuses what is not a setup token, and claim URLs other than https (http only to this machine)', async () => {
    const u = await h.user();
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const cases: [unknown, RegExp][] = [
      [{}, /Paste the setup token/],
      [{ setupToken: '' }, /Paste the setup token/],
      [{ setupToken: 42 }, /Paste the setup token/],
      [{ setupToken: 'not a token!' }, /not a SimpleFIN setup token/],
      [{ setupToken: b64('no url here') }, /not a SimpleFIN setup token/],
      [{ setupToken: b64('http://example.com/simplefin/claim/abc') }, /https/],
      [{ setupToken: b64('http://10.0.0.1/simplefin/claim/abc') }, /https/],
      [{ setupToken: b64('file:///etc/passwd') }, /https/],
      [{ setupToken: b64('ftp://127.0.0.1/x') }, /https/],
      [{ setupToken: 'a'.repeat(3000) }, /at most 2048/],
      [{ setupToken: b64(`${bridge.base}/simplefin/claim/abc`), extra: 1 }, /extra|Unrecognized/i],
    ];
    for (const [body, message] of cases) {
      const res = await u.rest('POST', '/api/connections', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.text).toMatch(message);
    }
    // An unknown claim at the bridge: refused as used.
    expect((await u.rest('POST', '/api/connections', { setupToken: b64(`${bridge.base}/simplefin/claim/abc`) })).status).toBe(400);
    expect(await u.viewer.prisma.bankConnection.count({ where: { userId: u.viewer.id } })).toBe(0);
  });

  it.each([
    [500, 'oops', /answered 500 to the claim/],
    [200, 'not a url', /not an access URL/],
    [200, 'http://user:secret@example.com/simplefin', /cannot use/],
    [200, 'https://example.com/simplefin', /cannot use/],
    [200, 'x'.repeat(5000), /larger than 4 KB/],
  ] as const)('refuses a claim answered %i %s: 502, nothing kept', async (status, body, message) => {
    const u = await h.user();
    bridge.misclaim(status, body);
    const res = await u.rest('POST', '/api/connections', { setupToken: bridge.setupToken().token });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(message);
    expect(await u.viewer.prisma.bankConnection.count({ where: { userId: u.viewer.id } })).toBe(0);
  });

  it('keeps a connection whose accounts cannot be listed right after the claim (a token claims once)', async () => {
    const u = await h.user();
    bridge.misbehave({ status: 503 });
    const res = await u.rest('POST', '/api/connections', { setupToken: bridge.setupToken([checkingAtBank()]).token });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ accounts: [], lastError: 'The bridge answered 503: try again later' });
    bridge.behave();
    expect((await u.rest('POST', `/api/connections/${res.body.id}/sync`, {})).body).toEqual({ imported: 0, matched: 0, pending: 0 });
    expect((await u.rest('GET', '/api/connections')).body[0]).toMatchObject({ lastError: null, accounts: [{ remoteId: 'ACT-1' }] });
  });

  it('links accounts to the user’s, to none, or to a new one starting at the bridge’s balance', async () => {
    const u = await connected([checkingAtBank(), finAccount('ACT-2', { name: 'Rewards Card', balance: '-120.00' })]);
    const other = await h.user();
    const theirs = (await other.rest('POST', '/api/accounts', { name: 'Theirs', type: 'cash' })).body.id;
    const refused = [
      [{ links: [{ remoteId: 'NOPE', accountId: u.checking }] }, /No account NOPE/],
      [{ links: [{ remoteId: 'ACT-2', accountId: theirs }] }, /Account not found/],
      [{ links: [{ remoteId: 'ACT-2' }] }, /either accountId/],
      [{ links: [{ remoteId: 'ACT-2', accountId: null, createAccount: { type: 'credit' } }] }, /either accountId/],
      [{ links: [{ remoteId: 'ACT-2', createAccount: { type: 'yacht' } }] }, /Type must be/],
      [{ links: [] }, /at least one/],
      [
        {
          links: [
            { remoteId: 'ACT-2', accountId: null },
            { remoteId: 'ACT-2', accountId: null },
          ],
        },
        /Each remoteId once/,
      ],
      [{ links: 'ACT-2' }, /links must be a list/],
    ] as const;
    for (const [body, message] of refused) {
      const res = await u.rest('PATCH', `/api/connections/${u.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.text).toMatch(message);
    }
    const linked = await u.rest('PATCH', `/api/connections/${u.id}`, { links: [{ remoteId: 'ACT-2', createAccount: { type: 'credit' } }] });
    expect(linked.status).toBe(200);
    const card = linked.body.accounts.find((a: any) => a.remoteId === 'ACT-2');
    const accounts = (await u.rest('GET', '/api/accounts')).body;
    expect(accounts.find((a: any) => a.id === card.accountId)).toMatchObject({ name: 'Rewards Card', type: 'credit', balance: '-120.00' });
    expect(card.balanceDifference).toBe('0.00');
    // The checking account (1000.00) and the bridge's (830.50): the difference is shown.
    expect(linked.body.accounts.find((a: any) => a.remoteId === 'ACT-1').balanceDifference).toBe('-169.50');
    const unlinked = await u.rest('PATCH', `/api/connections/${u.id}`, { links: [{ remoteId: 'ACT-2', accountId: null }] });
    expect(unlinked.body.accounts.find((a: any) => a.remoteId === 'ACT-2').accountId).toBeNull();
  });
});

describe('bank sync: syncing', () => {
  it('imports what is new through the import preview, marks the pending ones, and imports nothing the second time', async () => {
    const u = await connected();
    const first = await u.sync();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ imported: 4, matched: 0, pending: 1 });
    expect(await u.records()).toEqual([
      { fitid: 'TX-1', amount: '45.50', description: 'WHOLEFDS MKT 10234', pending: false },
      { fitid: 'TX-2', amount: '24.00', description: 'UBER *TRIP', pending: false },
      { fitid: 'TX-4', amount: '100.00', description: 'CITY WATER', pending: true },
    ]);
    const paychecks = await u.viewer.prisma.paycheck.findMany({ where: { userId: u.viewer.id } });
    expect(paychecks.map((p) => [p.fitid, p.amount.toFixed(2), p.notes, p.accountId])).toEqual([
      ['TX-3', '2000.00', 'ACME PAYROLL', u.checking],
    ]);
    // The bridge asked as the protocol says: the start date in seconds and the pending ones.
    const asked = bridge.requests.filter((r) => r.user === u.access.user).at(-1)!.query;
    expect(asked.get('pending')).toBe('1');
    expect(Number(asked.get('start-date'))).toBeLessThan(Date.now() / 1000 - 80 * 86_400);
    expect(await u.balance()).toBe('2830.50');
    const after = (await u.rest('GET', '/api/connections')).body[0];
    expect(after.lastSyncedAt).not.toBeNull();
    expect(after.accounts[0].balanceDifference).toBe('-2000.00');

    const second = await u.sync();
    expect(second.body).toEqual({ imported: 0, matched: 0, pending: 0 });
    expect((await u.records()).length).toBe(3);
    expect(await u.viewer.prisma.import.count({ where: { userId: u.viewer.id } })).toBe(1);

    // The pending one posts (same id): its mark goes, nothing is added.
    const water = u.access.accounts[0]!.transactions.find((t) => t.id === 'TX-4')!;
    Object.assign(water, { pending: false, posted: Math.floor(Date.now() / 1000) });
    expect((await u.sync()).body).toEqual({ imported: 0, matched: 0, pending: 0 });
    expect((await u.records()).find((r) => r.fitid === 'TX-4')!.pending).toBe(false);
    expect(await u.balance()).toBe('2830.50');
  });

  it('matches a record entered by hand instead of importing it again', async () => {
    const u = await connected();
    await u.rest('POST', '/api/transactions', { amount: '24.00', description: 'Uber ride', date: day(2), accountId: u.checking });
    expect((await u.sync()).body).toEqual({ imported: 3, matched: 1, pending: 1 });
    expect((await u.records()).map((r) => r.description)).toContain('Uber ride');
    expect((await u.records()).map((r) => r.description)).not.toContain('UBER *TRIP');
  });

  it('keeps a transfer whose other account the user does not have as what it plainly is, never leaving it out', async () => {
    const account = finAccount('ACT-1', { transactions: [finTransaction('TX-9', '-650.00', 'CHASE CREDIT CRD EPAY', 1)] });
    const u = await connected([account]);
    expect((await u.sync()).body).toEqual({ imported: 1, matched: 0, pending: 0 });
    const [row] = await u.viewer.prisma.transaction.findMany({ where: { userId: u.viewer.id } });
    expect([row?.fitid, row?.kind, row?.amount.toFixed(2)]).toEqual(['TX-9', 'expense', '650.00']);
    expect(await u.balance()).toBe('350.00');
    // Once the card is there, the next card payment is a transfer to it.
    const card = (await u.rest('POST', '/api/accounts', { name: 'Card', type: 'credit', startingDate: '2000-01-01' })).body.id;
    account.transactions.push(finTransaction('TX-10', '-70.00', 'CHASE CREDIT CRD EPAY', 0));
    expect((await u.sync()).body).toMatchObject({ imported: 1 });
    const transfers = await u.viewer.prisma.transfer.findMany({ where: { userId: u.viewer.id } });
    expect(transfers.map((t) => [t.fromAccountId, t.toAccountId, t.amount.toFixed(2)])).toEqual([[u.checking, card, '70.00']]);
  });

  it('keeps a revoked access’s 403 on the connection, with the time of the last good sync', async () => {
    const u = await connected();
    await u.sync();
    const good = (await u.rest('GET', '/api/connections')).body[0].lastSyncedAt;
    u.access.revoked = true;
    const res = await u.sync();
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/refused access \(403\)/);
    const after = (await u.rest('GET', '/api/connections')).body[0];
    expect(after).toMatchObject({ lastSyncedAt: good, lastError: res.body.message, syncing: false });
    expect(after.lastErrorAt).not.toBeNull();
    // The failure is in the bell, once a day per connection, however often it fails.
    expect((await u.sync()).status).toBe(502);
    const notes = await u.viewer.prisma.notification.findMany({ where: { userId: u.viewer.id } });
    expect(notes.map((n) => [n.kind, n.title, n.link])).toEqual([
      ['sync_failed', `Syncing Test Bank failed: ${res.body.message}`, '/settings'],
    ]);
    // A good sync clears the error.
    u.access.revoked = false;
    expect((await u.sync()).status).toBe(200);
    expect((await u.rest('GET', '/api/connections')).body[0]).toMatchObject({ lastError: null, lastErrorAt: null });
  });

  const hostile: [string, Misbehaviour, RegExp][] = [
    ['the bridge down (500)', { status: 500 }, /answered 500/],
    ['payment required (402)', { status: 402 }, /payment/],
    ['not JSON', { body: '<html>oops' }, /not JSON/],
    ['JSON of the wrong shape', { json: { accounts: 'none' } }, /cannot read \(errors/],
    ['an amount as a number', { json: { errors: [], accounts: [{ ...checkingAtBank(), balance: 830.5 }] } }, /accounts\.0\.balance/],
    [
      'a huge amount',
      {
        json: {
          errors: [],
          accounts: [{ ...checkingAtBank(), transactions: [finTransaction('TX-9', '-99999999999999.00', 'Yacht')] }],
        },
      },
      /accounts\.0\.transactions\.0\.amount/,
    ],
    [
      'an amount with three decimals',
      { json: { errors: [], accounts: [{ ...checkingAtBank(), transactions: [finTransaction('TX-9', '-1.005', 'Odd')] }] } },
      /at most 2 decimals/,
    ],
    [
      'the same transaction twice',
      {
        json: {
          errors: [],
          accounts: [{ ...checkingAtBank(), transactions: [finTransaction('TX-9', '-1.00', 'A'), finTransaction('TX-9', '-2.00', 'B')] }],
        },
      },
      /twice/,
    ],
    [
      'a date past the year 3000',
      { json: { errors: [], accounts: [{ ...checkingAtBank(), transactions: [finTransaction('TX-9', '-1.00', 'A', -400_000)] }] } },
      /posted/,
    ],
    ['an answer over the size limit', { body: Buffer.alloc(BRIDGE_LIMITS.accountsBytes + 10, 32) }, /larger than 20 MB/],
    ['a redirect elsewhere', { redirect: 'http://example.com/' }, /answered 302/],
  ];
  it.each(hostile)('refuses %s: a clear error on the connection, nothing written', async (_name, how, message) => {
    const u = await connected();
    const before = await u.balance();
    bridge.misbehave(how);
    const res = await u.sync();
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(message);
    expect(await u.records()).toEqual([]);
    expect(await u.balance()).toBe(before);
    expect((await u.rest('GET', '/api/connections')).body[0]).toMatchObject({ lastError: res.body.message, lastSyncedAt: null });
  });

  it('imports what came and keeps the bridge’s own messages on the connection, as the protocol asks', async () => {
    const u = await connected();
    bridge.misbehave({ json: { errors: ['Test Bank: sign in again at the bridge'], accounts: [checkingAtBank()] } });
    const res = await u.sync();
    expect(res.body).toEqual({ imported: 4, matched: 0, pending: 1 });
    const after = (await u.rest('GET', '/api/connections')).body[0];
    expect(after.lastError).toBe('The bridge says: Test Bank: sign in again at the bridge');
    expect(after.lastSyncedAt).toBe(after.lastErrorAt);
    bridge.behave();
    await u.sync();
    expect((await u.rest('GET', '/api/connections')).body[0].lastError).toBeNull();
  });

  it('gives up on a bridge that does not answer in time', async () => {
    const u = await connected();
    const timeout = BRIDGE_LIMITS.timeoutMs;
    BRIDGE_LIMITS.timeoutMs = 300;
    try {
      bridge.misbehave({ hang: true });
      const res = await u.sync();
      expect(res.status).toBe(502);
      expect(res.body.message).toMatch(/did not answer within/);
    } finally {
      BRIDGE_LIMITS.timeoutMs = timeout;
    }
  });

  it('writes nothing when one linked account’s answer is bad, even if another’s is good', async () => {
    const card = finAccount('ACT-2', {
      transactions: [finTransaction('TX-C1', '-5.00', 'Coffee'), finTransaction('TX-C2', '-1.234', 'Bad')],
    });
    const u = await connected([checkingAtBank(), card]);
    await u.rest('PATCH', `/api/connections/${u.id}`, { links: [{ remoteId: 'ACT-2', createAccount: { type: 'credit' } }] });
    const res = await u.sync();
    expect(res.status).toBe(502);
    expect(await u.records()).toEqual([]);
    expect(await u.viewer.prisma.import.count({ where: { userId: u.viewer.id } })).toBe(0);
  });

  it('cannot read an access sealed with another key: says so on the connection', async () => {
    const u = await connected();
    await u.viewer.prisma.bankConnection.update({
      where: { id: u.id },
      data: { accessSecret: seal(Buffer.alloc(32, 7), 'http://x:y@127.0.0.1:1/simplefin') },
    });
    const res = await u.sync();
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/encryption key changed/);
  });

  it('refuses a sync while another of the same connection runs (429)', async () => {
    const u = await connected();
    await u.viewer.prisma.bankConnection.update({ where: { id: u.id }, data: { syncStartedAt: new Date() } });
    const res = await u.sync();
    expect(res.status).toBe(429);
    expect((await u.rest('GET', '/api/connections')).body[0].syncing).toBe(true);
    // A claim older than its lease (its process died) is taken over.
    await u.viewer.prisma.bankConnection.update({ where: { id: u.id }, data: { syncStartedAt: new Date(Date.now() - 11 * 60_000) } });
    expect((await u.sync()).status).toBe(200);
  });
});

describe('bank sync: the schedule', () => {
  it('syncs each due connection once, however many passes run at once, and not again before it is due', async () => {
    const a = await connected();
    const b = await connected();
    // Only these two are due: the other tests' connections go.
    await h.db.prisma.bankConnection.deleteMany({ where: { userId: { notIn: [a.viewer.id, b.viewer.id] } } });
    const actFor = (userId: string): Viewer => ({ ...a.viewer, id: userId, budgetId: userId, server: true });
    const asked = () => bridge.requests.filter((r) => [a.access.user, b.access.user].includes(r.user) && r.query.get('pending')).length;
    const before = asked();
    const everyMs = 6 * 3_600_000;
    const passes = await Promise.all([
      syncDue(h.db.prisma, actFor, everyMs),
      syncDue(h.db.prisma, actFor, everyMs),
      syncDue(h.db.prisma, actFor, everyMs),
    ]);
    expect(passes.reduce((x, y) => x + y, 0)).toBe(2);
    expect(asked() - before).toBe(2);
    expect((await a.records()).length).toBe(3);
    expect((await b.records()).length).toBe(3);
    expect(await syncDue(h.db.prisma, actFor, everyMs)).toBe(0);
    // Six hours later, due again.
    expect(await syncDue(h.db.prisma, actFor, everyMs, { now: new Date(Date.now() + everyMs + 60_000) })).toBe(2);
    // A connection the bridge refuses fails alone, its error kept; the pass goes on with the others.
    a.access.revoked = true;
    const logged: unknown[] = [];
    const later = { now: new Date(Date.now() + 3 * everyMs), log: (err: unknown) => logged.push(err) };
    expect(await syncDue(h.db.prisma, actFor, everyMs, later)).toBe(1);
    expect((await a.rest('GET', '/api/connections')).body[0].lastError).toMatch(/refused access \(403\)/);
    expect((await b.rest('GET', '/api/connections')).body[0].lastError).toBeNull();
    expect(logged).toEqual([]);
  });
});

describe('bank sync: GraphQL mirrors REST', () => {
  it('connects, links, syncs, lists and removes', async () => {
    const u = await h.user();
    const account = (await u.rest('POST', '/api/accounts', { name: 'Checking', type: 'checking' })).body.id;
    const { token } = bridge.setupToken([checkingAtBank()]);
    const connectedRes = await u.gql(
      `mutation($input: ConnectBankInput!) { connectBank(input: $input) { connection { id name accounts { remoteId name balance currency account { id } } } } }`,
      { input: { setupToken: token } },
    );
    const connection = connectedRes.data.connectBank.connection;
    expect(connection.accounts).toEqual([
      { remoteId: 'ACT-1', name: 'Everyday Checking', balance: '830.50', currency: 'USD', account: null },
    ]);
    const linked = await u.gql(
      `mutation($input: LinkBankAccountsInput!) { linkBankAccounts(input: $input) { connection { accounts { account { name } balanceDifference } } } }`,
      { input: { id: connection.id, links: [{ remoteId: 'ACT-1', accountId: encodeGlobalID('Account', account) }] } },
    );
    expect(linked.data.linkBankAccounts.connection.accounts).toEqual([{ account: { name: 'Checking' }, balanceDifference: '830.50' }]);
    const synced = await u.gql(
      `mutation($input: SyncBankConnectionInput!) { syncBankConnection(input: $input) { imported matched pending connection { lastSyncedAt lastError syncing } } }`,
      { input: { id: connection.id } },
    );
    expect(synced.data.syncBankConnection).toMatchObject({
      imported: 4,
      matched: 0,
      pending: 1,
      connection: { lastError: null, syncing: false },
    });
    const listed = await u.gql(`{ viewer { bankConnections { id name lastSyncedAt } } }`);
    expect(listed.data.viewer.bankConnections).toEqual([
      { id: connection.id, name: 'Test Bank', lastSyncedAt: synced.data.syncBankConnection.connection.lastSyncedAt },
    ]);
    const bad = await u.gql(`mutation($input: ConnectBankInput!) { connectBank(input: $input) { connection { id } } }`, {
      input: { setupToken: 'nope!' },
    });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const removed = await u.gql(`mutation($id: ID!) { deleteBankConnection(id: $id) { deletedId } }`, { id: connection.id });
    expect(removed.data.deleteBankConnection.deletedId).toBe(connection.id);
    expect((await u.gql(`{ viewer { bankConnections { id } } }`)).data.viewer.bankConnections).toEqual([]);
    // The records it imported stay.
    expect(await u.viewer.prisma.transaction.count({ where: { userId: u.viewer.id } })).toBe(3);
  });
});

describe('bank sync: isolation', () => {
  it("another user's connection answers exactly like a missing one, everywhere, and is left unchanged", async () => {
    const alice = await connected();
    const bob = await h.user();
    const bobAccount = (await bob.rest('POST', '/api/accounts', { name: 'Bob', type: 'cash' })).body.id;
    const missing = '00000000-0000-7000-8000-000000000000';
    const before = await alice.rest('GET', `/api/connections/${alice.id}`);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/connections/:id'],
      ['PATCH', '/api/connections/:id', { links: [{ remoteId: 'ACT-1', accountId: bobAccount }] }],
      ['POST', '/api/connections/:id/sync', {}],
      ['DELETE', '/api/connections/:id'],
    ];
    for (const [method, path, body] of calls) {
      const theirs = await bob.rest(method, path.replace(':id', alice.id), body);
      const none = await bob.rest(method, path.replace(':id', missing), body);
      expect(theirs.status, `${method} ${path}`).toBe(404);
      expect(theirs.text.replaceAll(alice.id, '<id>')).toBe(none.text.replaceAll(missing, '<id>'));
    }
    expect((await bob.rest('GET', '/api/connections')).body).toEqual([]);
    // Alice's account is not Bob's to link to.
    const bobConnection = (await bob.rest('POST', '/api/connections', { setupToken: bridge.setupToken([checkingAtBank()]).token })).body.id;
    const link = await bob.rest('PATCH', `/api/connections/${bobConnection}`, {
      links: [{ remoteId: 'ACT-1', accountId: alice.checking }],
    });
    expect(link.status).toBe(400);
    expect(link.body.message).toBe('Account not found');
    const gid = encodeGlobalID('BankConnection', alice.id);
    const gql = await bob.gql(`mutation($input: SyncBankConnectionInput!) { syncBankConnection(input: $input) { imported } }`, {
      input: { id: gid },
    });
    expect(gql.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await bob.gql(`query($id: ID!) { node(id: $id) { id } }`, { id: gid })).data.node).toBeNull();
    expect(await alice.rest('GET', `/api/connections/${alice.id}`)).toMatchObject({ status: 200, body: before.body });
    expect(await alice.records()).toEqual([]);
  });

  it('answers 401 signed out on every route', async () => {
    const out = h.signedOut();
    for (const [method, path] of [
      ['GET', '/api/connections'],
      ['POST', '/api/connections'],
      ['PATCH', '/api/connections/x'],
      ['POST', '/api/connections/x/sync'],
      ['DELETE', '/api/connections/x'],
    ] as const)
      expect((await out(method, path, method === 'GET' || method === 'DELETE' ? undefined : {})).status).toBe(401);
  });
});
