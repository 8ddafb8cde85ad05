import type { RequestHandler } from 'express';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { messagePage } from './provider/pages.ts';
import type { RateLimits } from './rate-limits.ts';

/**
 * Sign-ins one client address may start per 15 minutes, for each `SIGN_IN_ATTEMPTS_PER_ADDRESS`
 * attempt it may make: a person starts one for each sign-in (more with several tabs or a reload),
 * so the budget is generous for people and still bounds what a script can make the provider store.
 */
export const STARTS_PER_ATTEMPT = 4;

/**
 * Limits the requests that start a sign-in (`kind`: the app's /api/login, the built-in provider's
 * authorization endpoint, which stores a pending interaction) per client address, counted where
 * the other sign-in limits are (api/auth/rate-limits.ts). Over the budget: 429, a page saying when
 * to try again, and Retry-After.
 */
export function limitSignInStarts(limits: RateLimits, kind: 'app' | 'provider', attemptsPerAddress: number): RequestHandler {
  const starts = limits.limiter({
    keyPrefix: `sign-in-start:${kind}:ip`,
    points: STARTS_PER_ATTEMPT * attemptsPerAddress,
    duration: 15 * 60,
  });
  return (req, res, next) => {
    starts.consume(req.ip ?? 'unknown').then(
      () => next(),
      (reason: unknown) => {
        if (!(reason instanceof RateLimiterRes)) return next(reason);
        const minutes = Math.ceil(reason.msBeforeNext / 60_000);
        res
          .status(429)
          .set('Retry-After', String(Math.ceil(reason.msBeforeNext / 1000)))
          .type('html')
          .send(
            messagePage(
              'Too many sign-ins',
              `Too many sign-ins were started from your network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
              { href: '/', text: 'Back to Budget' },
            ),
          );
      },
    );
  };
}
