/**
 * The yes/no columns (accounts.is_default, recurring_bills.is_active, savings_goals.is_completed)
 * are booleans in the database and in GraphQL; the spec's REST shape writes them as the integers
 * 0 and 1, in bodies (`flagSchema` in shared/validation.ts: the services' inputs) and in answers
 * (`rowJson`). These two functions are the only conversions.
 */
export type Flag = 0 | 1;

/** The columns REST writes as 0/1; every other boolean (a schedule's autoPost, say) is true/false there too. */
export const REST_FLAGS: ReadonlySet<string> = new Set(['isDefault', 'isActive', 'isCompleted']);

/** A boolean in REST's form: for REST answers, and for GraphQL's inputs handed to the services. */
export function toFlag(value: boolean): Flag {
  return value ? 1 : 0;
}

/** A 0/1 flag of a parsed input as the boolean the database keeps; a missing flag is not set. */
export function isSet(flag: Flag | null | undefined): boolean {
  return flag === 1;
}
