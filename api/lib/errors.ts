/** An input problem at a field path, as shown beside the field in the client. */
export interface Issue {
  path: string[];
  message: string;
}

/** Errors of the domain, mapped once to GraphQL (api/graphql/yoga.ts) and once to REST (api/rest/errors.ts). */
export abstract class DomainError extends Error {
  abstract readonly code: 'BAD_USER_INPUT' | 'NOT_FOUND' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'TOO_MANY_REQUESTS';
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

export class UnauthenticatedError extends DomainError {
  readonly code = 'UNAUTHENTICATED';
  constructor() {
    super('Unauthorized');
  }
}

/**
 * A signed-in request that may not do this: a read-only API token asked for a change, or an API
 * token used for what only a browser session may do (docs/security.md#api-tokens).
 */
export class ForbiddenError extends DomainError {
  readonly code = 'FORBIDDEN';
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
 * The references a client names, by foreign key: a row checked as the viewer's and deleted before
 * the insert (a category deleted in another tab) fails the key; the client is told as when the
 * check itself finds nothing.
 */
const REFERENCES: Record<string, Issue> = {
  transactions_category_id_fkey: { path: ['categoryId'], message: 'Category not found' },
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
    return new ValidationError([
      { path: [], message: 'The amount is too large: money values have at most 10 digits before the decimal point' },
    ]);
  }
  // PostgreSQL text cannot hold a NUL character (\u0000), wherever it comes from (a field, an id in a path).
  if (code === '22021' || code === '22P05' || /invalid byte sequence|unsupported Unicode escape/i.test(message)) {
    return new ValidationError([{ path: [], message: 'Text must not contain NUL characters' }]);
  }
  return undefined;
}
