/**
 * A limiter of attempts per account (its email) and per client address: sign-ins, sign-ups,
 * two-factor codes, API tokens and Settings' security operations each have one
 * (`createAttemptLimiter` in api/auth/local-accounts.ts).
 */
export interface AttemptLimiter {
  /** Counts an attempt: 0 when it may run, else the milliseconds until another is allowed. */
  attempt(rawEmail: unknown, address: string): Promise<number>;
  /** A successful sign-in: its attempt and the email's earlier failures no longer count. */
  succeeded(rawEmail: unknown, address: string): Promise<void>;
}
