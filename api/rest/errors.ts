import type { ErrorRequestHandler } from 'express';
import {
  ConfirmIdentityError,
  BusyError,
  ConflictError,
  DomainError,
  NamedNotFoundError,
  fromDatabaseError,
  ServiceUnavailableError,
  TooManyAttemptsError,
  ValidationError,
} from '../lib/errors.ts';

export const NOT_FOUND = 'Not found';

const STATUS: Record<DomainError['code'], number> = {
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  BAD_GATEWAY: 502,
};

/**
 * The REST error mapping: a domain error becomes its status and `{ message, errors? }`; a body
 * that is not JSON, too large or malformed gets a 4xx; anything else is a masked 500, logged.
 * A database that does not answer is a 503 with Retry-After, wherever it happened (the session
 * lookup of a GraphQL request too: that one answers in GraphQL's shape).
 */
export function restErrorHandler(logError: (err: unknown) => void): ErrorRequestHandler {
  return (thrown, req, res, next) => {
    if (res.headersSent) return next(thrown);
    const err = fromDatabaseError(thrown) ?? thrown;
    if (err instanceof ServiceUnavailableError) {
      res.status(503).set('Retry-After', String(err.retryAfter));
      if (req.originalUrl.startsWith('/graphql')) res.json({ errors: [{ message: err.message, extensions: { code: err.code } }] });
      else res.json({ message: err.message });
      return;
    }
    if (err instanceof DomainError) {
      // A missing row answers the same for any entity (and for another user's id): `Not found`.
      const message = err.code === 'NOT_FOUND' && !(err instanceof NamedNotFoundError) ? NOT_FOUND : err.message;
      if (err instanceof ConflictError) return void res.status(409).json({ message });
      if (err instanceof TooManyAttemptsError) res.set('Retry-After', String(Math.ceil(err.retryAfterMs / 1000)));
      if (err instanceof BusyError) res.set('Retry-After', String(err.retryAfter));
      const issues = err instanceof ValidationError || err instanceof ConfirmIdentityError ? { errors: err.issues } : {};
      res.status(STATUS[err.code]).json({ message, ...issues });
      return;
    }
    const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) {
      logError(err);
      res.status(500).json({ message: 'Internal Server Error' });
      return;
    }
    res
      .status(status)
      .json({ message: err.type === 'entity.parse.failed' ? 'Request body is not valid JSON' : err.expose ? err.message : 'Bad Request' });
  };
}
