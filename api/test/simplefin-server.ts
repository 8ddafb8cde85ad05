import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A SimpleFIN Bridge on a real HTTP server on 127.0.0.1, for tests (the protocol:
 * https://www.simplefin.org/protocol.html). `setupToken()` makes a one-time token (the base64 of a
 * claim URL); a POST to the claim URL answers an access URL with Basic-auth credentials;
 * `GET {access}/accounts?start-date=…&pending=1` answers the accounts of that access with their
 * transactions posted since (and the pending ones when asked). A test sets the accounts, revokes
 * an access (403) or makes the next answers hostile (`misbehave`).
 */

export interface FinTransaction {
  id: string;
  posted: number;
  amount: string;
  description: string;
  payee?: string;
  memo?: string;
  pending?: boolean;
  transacted_at?: number;
}

export interface FinAccount {
  org: { name?: string; domain?: string; 'sfin-url': string };
  id: string;
  name: string;
  currency: string;
  balance: string;
  'available-balance'?: string;
  'balance-date': number;
  transactions: FinTransaction[];
}

/** What the next accounts answers are instead of the real one. */
export type Misbehaviour =
  { status: number; body?: string } | { body: string | Buffer } | { hang: true } | { redirect: string } | { json: unknown };

interface Access {
  user: string;
  password: string;
  revoked: boolean;
  accounts: FinAccount[];
}

export async function startSimpleFinServer() {
  const claims = new Map<string, Access>();
  const accesses = new Map<string, Access>();
  /** Every accounts request: its query, for tests that check what was asked. */
  const requests: { user: string; query: URLSearchParams }[] = [];
  let misbehaving: Misbehaviour | null = null;
  /** What the next claims answer instead of an access URL. */
  let claimAnswer: { status: number; body: string } | null = null;
  let hanging: http.ServerResponse[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const claim = /^\/simplefin\/claim\/([a-f0-9]+)$/.exec(url.pathname);
    if (claim && req.method === 'POST') {
      const access = claims.get(claim[1]!);
      if (!access) return void res.writeHead(403).end('Forbidden');
      if (claimAnswer) return void res.writeHead(claimAnswer.status, { 'content-type': 'text/plain' }).end(claimAnswer.body);
      claims.delete(claim[1]!);
      accesses.set(access.user, access);
      return void res.writeHead(200, { 'content-type': 'text/plain' }).end(`http://${access.user}:${access.password}@${host()}/simplefin`);
    }
    if (url.pathname === '/simplefin/accounts' && req.method === 'GET') {
      const [user, password] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':');
      const access = accesses.get(user ?? '');
      if (!access || access.password !== password || access.revoked) return void res.writeHead(403).end('Forbidden');
      requests.push({ user: access.user, query: url.searchParams });
      const bad = misbehaving;
      if (bad) {
        if ('hang' in bad) return void hanging.push(res);
        if ('redirect' in bad) return void res.writeHead(302, { location: bad.redirect }).end();
        if ('status' in bad) return void res.writeHead(bad.status).end(bad.body ?? '');
        if ('json' in bad) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(bad.json));
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(bad.body);
      }
      const since = Number(url.searchParams.get('start-date') ?? '0');
      const withPending = url.searchParams.get('pending') === '1';
      const balancesOnly = url.searchParams.get('balances-only') === '1';
      const accounts = access.accounts.map((a) => ({
        ...a,
        transactions: balancesOnly ? [] : a.transactions.filter((t) => (t.pending ? withPending : t.posted >= since)),
      }));
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [], accounts }));
    }
    res.writeHead(404).end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = () => `127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base: `http://${host()}`,
    requests,
    /** A new one-time setup token; its access will answer `accounts` (the same array: change it to change the answers). */
    setupToken(accounts: FinAccount[] = []) {
      const code = crypto.randomBytes(8).toString('hex');
      const access: Access = {
        user: `user${crypto.randomBytes(4).toString('hex')}`,
        password: crypto.randomBytes(12).toString('hex'),
        revoked: false,
        accounts,
      };
      claims.set(code, access);
      return { token: Buffer.from(`http://${host()}/simplefin/claim/${code}`).toString('base64'), access };
    },
    /** The next accounts answers (every access) are `how`, until `behave()`. */
    misbehave(how: Misbehaviour) {
      misbehaving = how;
    },
    /** The next claims answer `status` and `body` (until `behave()`). */
    misclaim(status: number, body: string) {
      claimAnswer = { status, body };
    },
    behave() {
      misbehaving = null;
      claimAnswer = null;
      for (const res of hanging) res.destroy();
      hanging = [];
    },
    close() {
      this.behave();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An account at the test bridge. */
export function finAccount(id: string, patch: Partial<FinAccount> = {}): FinAccount {
  return {
    org: { name: 'Test Bank', domain: 'testbank.example', 'sfin-url': 'https://bridge.example/simplefin' },
    id,
    name: `Account ${id}`,
    currency: 'USD',
    balance: '0.00',
    'balance-date': Math.floor(Date.now() / 1000),
    transactions: [],
    ...patch,
  };
}

/** A transaction posted `daysAgo` days ago. */
export function finTransaction(
  id: string,
  amount: string,
  description: string,
  daysAgo = 1,
  patch: Partial<FinTransaction> = {},
): FinTransaction {
  const posted = Math.floor(Date.now() / 1000) - daysAgo * 86_400;
  return { id, posted, amount, description, ...patch };
}
