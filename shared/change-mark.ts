/**
 * The GraphQL answer's header with the budget's change mark as the request arrived
 * (api/graphql/change-marks.ts): the web app passes the earliest one it shows to the live
 * updates' `changes(since:)` (docs/architecture.md#live-updates).
 */
export const CHANGE_MARK_HEADER = 'X-Change-Mark';
