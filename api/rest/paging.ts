import type { Request, Response } from 'express';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../lib/cursors.ts';
import type { Viewer } from '../lib/viewer.ts';
import { route, type Model, type Route } from './route-table.ts';

/**
 * Paged REST lists (docs/product.md#rest-api). Without `limit` and `cursor` a list answers exactly
 * as the spec says: the whole array. With either, it answers one page in the list's own order,
 * `{ items, nextCursor }`, and a `Link: <…>; rel="next"` header while there is a next page.
 *
 * A cursor is opaque to clients: base64url of the list's path and the id of the page's last row.
 * The service's list reads the page with Prisma's cursor (`cursor: { id }, skip: 1`), which finds
 * the row's sort key itself; the viewer's client scopes a cursor to its owner (`ownedCursors` in
 * api/db/owned-cursors.ts), so another user's row id answers exactly like a missing one: an empty page.
 * The transactions' list reads the same arguments in SQL of its own, scoped the same way
 * (api/modules/transactions/transaction-page.ts).
 */

export const MAX_PAGE = 500;
/** A page's size when a cursor comes without a limit. */
export const DEFAULT_PAGE = 50;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_PAGE}`;

/** The paging parameters every list takes in its query string. */
export const pageQuery = z.object({
  limit: z.coerce
    .number({ message: LIMIT_MESSAGE })
    .int({ message: LIMIT_MESSAGE })
    .min(1, { message: LIMIT_MESSAGE })
    .max(MAX_PAGE, { message: LIMIT_MESSAGE })
    .optional()
    .meta({ description: `Answer one page of at most this many items (1–${MAX_PAGE}): \`{ items, nextCursor }\`` }),
  cursor: z.string().optional().meta({ description: 'The `nextCursor` of the previous page (opaque); the next page follows it' }),
});
export type PageParams = z.output<typeof pageQuery>;

/** What a service's list takes to read one page (its Prisma `query` argument). */
export interface PageArgs {
  take?: number;
  skip?: number;
  cursor?: { id: string };
}

/** True when the query asks for a page rather than the whole list. */
export const isPaged = (query: PageParams) => query.limit !== undefined || query.cursor !== undefined;

/** How many rows to read for the page a query asks for: one more than its size tells whether a next page exists. */
export const pageTake = (query: PageParams) => (query.limit ?? DEFAULT_PAGE) + 1;

/** The Prisma arguments of the page a query asks for: one row more than the limit tells whether a next page exists. */
export function pageArgs(list: string, query: PageParams): PageArgs & { take: number } {
  const take = pageTake(query);
  return query.cursor ? { take, skip: 1, cursor: { id: decodeCursor(list, query.cursor) } } : { take };
}

/**
 * The page's answer from the rows read with `pageArgs` (one more than the limit, when there is a
 * next page), and its `Link` header for the next page, whose cursor `cursorOf` makes from the
 * page's last row (by default the row's id).
 */
export function pageAnswer<R extends { id: string }, J>(
  list: string,
  query: PageParams,
  rows: R[],
  json: (row: R) => J,
  req: Request,
  res: Response,
  cursorOf: (row: R) => string = (row) => encodeCursor(list, row.id),
) {
  const limit = query.limit ?? DEFAULT_PAGE;
  const items = rows.slice(0, limit);
  const nextCursor = rows.length > limit ? cursorOf(items[items.length - 1]!) : null;
  if (nextCursor) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(req.query))
      if (typeof value === 'string' && key !== 'cursor' && key !== 'limit') params.set(key, value);
    params.set('limit', String(limit));
    params.set('cursor', nextCursor);
    res.set('Link', `<${req.baseUrl}${req.path}?${params}>; rel="next"`);
  }
  return { items: items.map(json), nextCursor };
}

/** A list route: the whole list without paging parameters, else a page of it. */
export interface ListRouteSpec<P extends string, Q extends z.ZodObject | undefined, R extends { id: string }> {
  path: P;
  tag: string;
  summary: string;
  model: Model;
  /** Fields each item adds to the model's record (their zod schema, as `json` writes them). */
  with?: z.ZodObject;
  /** The list's own filters, besides paging. */
  query?: Q;
  /** The service's list: its order is the pages' order, `page` its Prisma `query` argument. */
  list: (viewer: Viewer, query: Q extends z.ZodObject ? z.output<Q> : Record<never, never>, page: PageArgs) => Promise<R[]>;
  /** An item as REST answers it. */
  json: (viewer: Viewer, row: R) => unknown;
  /**
   * The whole list, when the route answers it otherwise than the list's items (a stream); it is
   * then a full read, counted against the viewer's concurrent downloads (api/rest/concurrent-downloads.ts).
   */
  unpaged?: (
    viewer: Viewer,
    query: Q extends z.ZodObject ? z.output<Q> : Record<never, never>,
    req: Request,
    res: Response,
  ) => Promise<unknown>;
}

export function listRoute<P extends string, Q extends z.ZodObject | undefined, R extends { id: string }>(
  spec: ListRouteSpec<P, Q, R>,
): Route {
  const query = spec.query ? spec.query.extend(pageQuery.shape) : pageQuery;
  type Input = Q extends z.ZodObject ? z.output<Q> : Record<never, never>;
  return route({
    method: 'get',
    path: spec.path,
    tag: spec.tag,
    summary: spec.summary,
    query,
    returns: { model: spec.model, list: true, paged: true, ...(spec.with ? { with: spec.with } : {}) },
    ...(spec.unpaged ? { fullRead: (q: unknown) => !isPaged(q as PageParams) } : {}),
    handler: async (viewer, input, req, res) => {
      const q = input.query as PageParams & Input;
      if (!isPaged(q)) {
        if (spec.unpaged) return spec.unpaged(viewer, q, req, res);
        return (await spec.list(viewer, q, {})).map((row) => spec.json(viewer, row));
      }
      const rows = await spec.list(viewer, q, pageArgs(spec.path, q));
      return pageAnswer(spec.path, q, rows, (row) => spec.json(viewer, row), req, res);
    },
  });
}
