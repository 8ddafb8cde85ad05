import { isIP } from 'node:net';
import { z } from 'zod';
import { BankBridgeError, ValidationError } from '../../lib/errors.ts';

/**
 * The SimpleFIN protocol (https://www.simplefin.org/protocol.html), client side, and nothing
 * trusted from the bridge (docs/security.md#bank-connections): a setup token is the base64 of a
 * claim URL; a POST to it answers the access URL, which carries Basic-auth credentials;
 * `GET {access}/accounts?start-date=<unix>&pending=1` answers the accounts with their
 * transactions. Every answer is read with a size limit and a timeout and checked against the
 * protocol's shapes; amounts are decimal strings, never numbers.
 */

/** The longest a claim's or an accounts' answer may take, and the most it may weigh. */
export const BRIDGE_LIMITS = { timeoutMs: 30_000, claimBytes: 4096, accountsBytes: 20 * 1024 * 1024 };

const MAX_TOKEN = 2048;
const MAX_ID = 255;

/** A URL the app may call: https, or http to this machine only (a bridge run for tests or at home). */
function allowedUrl(url: URL) {
  if (url.protocol === 'https:') return true;
  if (url.protocol !== 'http:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/** The claim URL a setup token holds, or a 400 saying what is wrong with the token. */
export function claimUrlOf(setupToken: string): URL {
  const refuse = (message: string) => new ValidationError([{ path: ['setupToken'], message }]);
  const token = setupToken.trim();
  if (!token || token.length > MAX_TOKEN || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(token))
    throw refuse('This is not a SimpleFIN setup token: paste the whole token the bridge gave you');
  let url: URL;
  try {
    url = new URL(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    throw refuse('This is not a SimpleFIN setup token: paste the whole token the bridge gave you');
  }
  if (!allowedUrl(url)) throw refuse('This setup token does not point to an https:// address');
  return url;
}

/** Reads a response's body up to `limit` bytes; past it, the bridge's answer is refused. */
async function readLimited(res: Response, limit: number): Promise<string> {
  const tooLarge = () =>
    new BankBridgeError(
      `The bridge sent an answer larger than ${limit >= 1024 * 1024 ? `${limit / 1024 / 1024} MB` : `${limit / 1024} KB`}`,
    );
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > limit) throw tooLarge();
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One request to the bridge, without following redirects (a redirect could lead anywhere). */
async function call(url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(BRIDGE_LIMITS.timeoutMs) });
  } catch (err) {
    const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
    throw new BankBridgeError(
      timedOut ? `The bridge did not answer within ${BRIDGE_LIMITS.timeoutMs / 1000} s` : `The bridge could not be reached (${url.host})`,
    );
  }
}

/** Claims a setup token: the access URL, with its credentials. A token claims once. */
export async function claimAccessUrl(claimUrl: URL): Promise<string> {
  const res = await call(claimUrl, { method: 'POST', headers: { 'content-length': '0' } });
  const text = await readLimited(res, BRIDGE_LIMITS.claimBytes);
  if (res.status === 403)
    throw new ValidationError([
      { path: ['setupToken'], message: 'The bridge refused this setup token: it was already used or has expired' },
    ]);
  if (!res.ok) throw new BankBridgeError(`The bridge answered ${res.status} to the claim`);
  let access: URL;
  try {
    access = new URL(text.trim());
  } catch {
    throw new BankBridgeError('The bridge answered the claim with something that is not an access URL');
  }
  if (!allowedUrl(access) || !access.username || !access.password || access.search || access.hash)
    throw new BankBridgeError('The bridge answered the claim with an access URL this app cannot use (https:// with credentials)');
  return access.toString();
}

/** A decimal amount as the protocol writes it ("-12.30"): at most 10 whole digits (the money columns), any number of decimals. */
const decimalText = z
  .string()
  .max(40)
  .regex(/^[-+]?\d{1,10}(\.\d+)?$/, 'not a decimal amount within 10 digits');
/** Seconds since the epoch, within what a date can be. */
const unixTime = z.number().int().min(0).max(32_503_680_000);
const shortText = (max: number) => z.string().max(max);

const transactionSchema = z.object({
  id: shortText(MAX_ID).min(1),
  posted: unixTime,
  amount: decimalText,
  description: shortText(10_000),
  payee: shortText(10_000).optional(),
  memo: shortText(10_000).optional(),
  pending: z.boolean().optional(),
  transacted_at: unixTime.optional(),
});

const accountSchema = z.object({
  org: z.object({ name: shortText(1000).optional(), domain: shortText(1000).optional(), 'sfin-url': shortText(2000).optional() }),
  id: shortText(MAX_ID).min(1),
  name: shortText(1000),
  currency: shortText(MAX_ID),
  balance: decimalText,
  'available-balance': decimalText.optional(),
  'balance-date': unixTime,
  transactions: z.array(transactionSchema).max(100_000).optional(),
});

const accountSetSchema = z.object({
  errors: z.array(shortText(2000)).max(100),
  accounts: z.array(accountSchema).max(1000),
});

export type BridgeAccount = z.output<typeof accountSchema>;
export type BridgeTransaction = z.output<typeof transactionSchema>;
export type AccountSet = z.output<typeof accountSetSchema>;

/** The access URL without its credentials, and the Authorization header they make. */
function withCredentials(accessUrl: string) {
  const url = new URL(accessUrl);
  const auth = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
  url.username = '';
  url.password = '';
  return { url, auth };
}

/** The bridge's accounts with their transactions posted since `since` (pending ones too); `balancesOnly` asks for none. */
export async function fetchAccounts(accessUrl: string, since: Date, { balancesOnly = false } = {}): Promise<AccountSet> {
  const { url, auth } = withCredentials(accessUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/accounts`;
  url.searchParams.set('start-date', String(Math.floor(since.getTime() / 1000)));
  if (balancesOnly) url.searchParams.set('balances-only', '1');
  else url.searchParams.set('pending', '1');
  const res = await call(url, { headers: { authorization: auth, accept: 'application/json' } });
  if (res.status === 403 || res.status === 401)
    throw new BankBridgeError('The bridge refused access (403): the connection was revoked or has expired. Remove it and connect again.');
  if (res.status === 402) throw new BankBridgeError('The bridge asks for payment (402): check your SimpleFIN Bridge subscription');
  if (!res.ok) throw new BankBridgeError(`The bridge answered ${res.status}: try again later`);
  const text = await readLimited(res, BRIDGE_LIMITS.accountsBytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BankBridgeError('The bridge sent an answer that is not JSON');
  }
  const parsed = accountSetSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BankBridgeError(`The bridge sent an answer this app cannot read (${issue.path.join('.') || 'answer'}: ${issue.message})`);
  }
  const ids = new Set<string>();
  for (const account of parsed.data.accounts) {
    if (ids.has(account.id)) throw new BankBridgeError(`The bridge sent the account ${account.id} twice`);
    ids.add(account.id);
  }
  return parsed.data;
}
