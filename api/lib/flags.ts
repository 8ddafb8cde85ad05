/**
 * The database keeps yes/no columns (accounts.is_default, recurring_bills.is_active,
 * savings_goals.is_completed) as 0/1 integers, and the REST API passes them through as such;
 * GraphQL and the services' filters speak booleans. These two functions are the only conversions.
 */
export type Flag = 0 | 1;

/** A boolean as the database stores it. */
export function toFlag(value: boolean): Flag {
  return value ? 1 : 0;
}

/** A stored (or REST-given) 0/1 flag as a boolean; a missing flag is not set. */
export function isSet(flag: number | null | undefined): boolean {
  return flag === 1;
}
