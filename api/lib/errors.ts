import { TOO_LARGE_MESSAGE } from '../../shared/validation.ts';

/** An input problem at a field path, as shown beside the field in the client. */
export interface Issue {
  path: string[];
  message: string;
}

/** Errors of the domain, mapped once to GraphQL (api/graphql/yoga.ts) and once to REST (api/rest/errors.ts). */
export abstract class DomainError extends Error {
  abstract readonly code:
    'BAD_USER_INPUT' | 'NOT_FOUND' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'TOO_MANY_REQUESTS' | 'SERVICE_UNAVAILABLE' | 'BAD_GATEWAY';
}

export class ValidationError extends DomainError {
  readonly code = 'BAD_USER_INPUT';
  constructor(readonly issues: Issue[]) {
    super(issues[0]?.message ?? 'Invalid input');
  }
}

/** Also what another user's id gets: it behaves exactly like an id that does not exist. */
export class NotFoundError extends DomainError {
  readonly code = 'NOT_FOUND';
  constructor(what: string) {
    super(`${what} not found`);
  }
}

export const BUDGET_NOT_FOUND = 'Budget not found';

/** A missing thing whose REST answer names it (`Budget not found`, `Invitation not found`) rather than `Not found`. */
export class NamedNotFoundError extends NotFoundError {}

/**
 * A budget the user is not a member of (or one that does not exist): REST answers 404 with this
 * message, GraphQL NOT_FOUND (docs/security.md#budgets-and-roles).
 */
export class BudgetNotFoundError extends NamedNotFoundError {
  constructor() {
    super('Budget');
  }
}

/** A change refused because of the state of other things (REST 409; GraphQL BAD_USER_INPUT). */
export class ConflictError extends ValidationError {
  constructor(message: string) {
    super([{ path: [], message }]);
  }
}

export class UnauthenticatedError extends DomainError {
  readonly code = 'UNAUTHENTICATED';
  constructor() {
    super('Unauthorized');
  }
}

export const DATABASE_UNAVAILABLE = 'The service is temporarily unavailable: its database is not answering. Try again in a few seconds.';

/**
 * The database cannot be reached or answer in time (restarting, down, overloaded): 503, and the
 * client may try again (docs/operations.md#what-a-fault-costs). Nothing was acknowledged.
 */
export class ServiceUnavailableError extends DomainError {
  readonly code = 'SERVICE_UNAVAILABLE';
  /** Seconds a client should wait before trying again (the Retry-After header). */
  readonly retryAfter = 5;
  constructor() {
    super(DATABASE_UNAVAILABLE);
  }
}

/**
 * A signed-in request that may not do this: a read-only API token asked for a change, or an API
 * token used for what only a browser session may do (docs/security.md#api-tokens).
 */
export class ForbiddenError extends DomainError {
  readonly code = 'FORBIDDEN';
}

/**
 * A security operation asked by a session that did not sign in recently: it needs proof of who is
 * asking first, the current password (`password`) or a fresh sign-in at the provider (`signIn`).
 * Its issue names that field, so a form can ask for it.
 */
export class ConfirmIdentityError extends ForbiddenError {
  readonly issues: Issue[];
  constructor(message: string, field: 'password' | 'signIn') {
    super(message);
    this.issues = [{ path: [field], message }];
  }
}

/** Too many password or code attempts: the message says when to try again. */
export class TooManyAttemptsError extends DomainError {
  readonly code = 'TOO_MANY_REQUESTS';
  constructor(readonly retryAfterMs: number) {
    const minutes = Math.ceil(retryAfterMs / 60_000);
    super(`Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
}

/**
 * An operation a user runs one at a time (api/lib/turns.ts) asked for while another runs: 429,
 * and the client may ask again after `retryAfter` seconds.
 */
export class BusyError extends DomainError {
  readonly code = 'TOO_MANY_REQUESTS';
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(message);
  }
}

/**
 * The references a client names, by foreign key: a row checked as the viewer's and deleted before
 * the insert (a category deleted in another tab) fails the key; the client is told as when the
 * check itself finds nothing.
 */
const REFERENCES: Record<string, Issue> = {
  transactions_category_id_fkey: { path: ['categoryId'], message: 'Category not found' },
  transaction_splits_category_id_fkey: { path: ['splits'], message: 'Category not found' },
  recurring_bills_category_id_fkey: { path: ['categoryId'], message: 'Category not found' },
  bill_payments_recurring_bill_id_fkey: { path: ['recurringBillId'], message: 'Bill not found' },
  goal_contributions_goal_id_fkey: { path: ['goalId'], message: 'Goal not found' },
  transactions_account_id_fkey: { path: ['accountId'], message: 'Account not found' },
  paychecks_account_id_fkey: { path: ['accountId'], message: 'Account not found' },
  transfers_from_account_id_fkey: { path: ['fromAccountId'], message: 'Account not found' },
  transfers_to_account_id_fkey: { path: ['toAccountId'], message: 'Account not found' },
};

/**
 * A database refusal that is the client's doing, as a domain error: a value out of range for its
 * column (a sum past 12 digits, for example), a reference to a row that is gone. Anything else
 * stays unexpected.
 */
export function fromDatabaseError(err: unknown): DomainError | undefined {
  if (isDatabaseUnavailable(err)) {
    reportUnavailable(err);
    return new ServiceUnavailableError();
  }
  const e = err as {
    code?: string;
    message?: string;
    meta?: { driverAdapterError?: { cause?: { originalCode?: string; constraint?: { index?: string } } } };
  } | null;
  const cause = e?.meta?.driverAdapterError?.cause;
  const code = cause?.originalCode ?? e?.code;
  const message = e?.message ?? '';
  const reference = code === '23503' && REFERENCES[cause?.constraint?.index ?? ''];
  if (reference) return new ValidationError([reference]);
  if (code === 'P2020' || code === '22003' || /numeric field overflow|out of range/i.test(message)) {
    return new ValidationError([{ path: [], message: TOO_LARGE_MESSAGE }]);
  }
  // PostgreSQL text cannot hold a NUL character (\u0000), wherever it comes from (a field, an id in a path).
  if (code === '22021' || code === '22P05' || /invalid byte sequence|unsupported Unicode escape/i.test(message)) {
    return new ValidationError([{ path: [], message: 'Text must not contain NUL characters' }]);
  }
  return undefined;
}

/**
 * Whether `err` is the database refusing a row that would repeat a key of the unique index
 * `index` (PostgreSQL names the index; PGlite's adapter says it only in the message).
 */
export function violatesUniqueIndex(err: unknown, index: string): boolean {
  const cause = (
    err as {
      meta?: { driverAdapterError?: { cause?: { originalCode?: string; originalMessage?: string; constraint?: { index?: string } } } };
    } | null
  )?.meta?.driverAdapterError?.cause;
  return cause?.originalCode === '23505' && (cause.constraint?.index === index || (cause.originalMessage ?? '').includes(`"${index}"`));
}

let lastReport = 0;
/** Tells the operator's log, at most once every 10 s, why requests answer 503 (each is not logged). */
function reportUnavailable(err: unknown) {
  if (Date.now() - lastReport < 10_000) return;
  lastReport = Date.now();
  const message = err instanceof Error ? err.message.trim().split('\n').at(-1) : String(err);
  console.error(`database unavailable, answering 503: ${message}`);
}

/** Driver adapter error kinds (@prisma/adapter-pg) that mean "no usable connection". */
const UNREACHABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** Prisma's codes for the same: cannot reach, timed out, server closed the connection, no pool connection in time. */
const UNREACHABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);
/** A transaction that could not start or finish within its bounded wait (P2028 also covers misuse, which stays a 500). */
const TRANSACTION_TIMED_OUT = /Unable to start a transaction in the given time|expired transaction|timeout/i;
/** Socket errors of the driver itself (pg), before any adapter wraps them. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** pg's and pg-pool's own messages for a dead, refused or timed-out connection. */
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|connection timeout|not queryable|Query read timeout|Can't reach database server/i;

/**
 * Whether `err` says the database is unavailable rather than refusing this request: a refused or
 * dropped connection, a server shutting down or starting up (SQLSTATE 57P01-57P03), a connection
 * exception (class 08), too few resources (class 53), a statement cancelled by its timeout
 * (57014), or a pool or transaction wait that ran out. Follows `cause` chains.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    meta?: { driverAdapterError?: { cause?: { kind?: string; originalCode?: string; code?: string } } };
  };
  const adapter = e.meta?.driverAdapterError?.cause;
  const sqlState = adapter?.originalCode ?? adapter?.code ?? (typeof e.code === 'string' ? e.code : undefined);
  if (adapter?.kind && UNREACHABLE_KINDS.has(adapter.kind)) return true;
  if (sqlState && (/^(08|53)/.test(sqlState) || ['57P01', '57P02', '57P03', '57014'].includes(sqlState))) return true;
  if (typeof e.code === 'string' && (UNREACHABLE_PRISMA_CODES.has(e.code) || SOCKET_CODES.has(e.code))) return true;
  if (e.code === 'P2028' && typeof e.message === 'string' && TRANSACTION_TIMED_OUT.test(e.message)) return true;
  if (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * A bank connection's bridge refused, failed or answered what cannot be read (502): the message
 * says which, for the user (docs/product.md#bank-sync). Nothing was written.
 */
export class BankBridgeError extends DomainError {
  readonly code = 'BAD_GATEWAY';
}
