import { pipeline } from 'node:stream/promises';
import express, { type Express, type RequestHandler, type Response, type Router } from 'express';
import { BudgetNotFoundError, ForbiddenError, UnauthenticatedError } from '../lib/errors.ts';
import { READ_ONLY_BUDGET, roleIn } from '../lib/viewer.ts';
import { parseInput } from '../lib/validate.ts';
import { signedInUserId, viewerFromRequest, type ViewerDeps } from './request-viewer.ts';
import { NOT_FOUND } from './errors.ts';
import { restCsrfGuard } from './csrf.ts';
import { openApiDocument } from './openapi.ts';
import { DEFAULT_BODY_LIMIT, expressPath, isDataWrite, successStatus, type Attachment, type Route } from './route-table.ts';
import { REST_ROUTES } from './routes.ts';
import { startFullRead } from './concurrent-downloads.ts';

/**
 * The documented `/api/*` paths (docs/product.md#rest-api): one Express route for each route of
 * the tables. What can refuse a request without its body does so before the body is read (up to
 * 16 MB for an import): 401 signed out, 429 while the user's import runs.
 */
export function createRestRouter(deps: ViewerDeps, routes: readonly Route[] = REST_ROUTES): Router {
  const router = express.Router();
  for (const r of routes)
    router[r.method](expressPath(r.path), beforeBody(r, deps), express.json({ limit: r.bodyLimit ?? DEFAULT_BODY_LIMIT }), serve(r, deps));
  return router;
}

/** 401 `{"message":"Unauthorized"}` without a session; for a route of a one-at-a-time operation, 429 while one runs. */
function beforeBody(r: Route, deps: ViewerDeps): RequestHandler {
  return (req, _res, next) => {
    const userId = signedInUserId(req);
    if (!userId) return next(new UnauthenticatedError());
    if (!r.turn) return next();
    const kind = r.turn;
    deps.turns.isBusy(kind, userId).then((busy) => next(busy ? deps.turns.busy(kind) : undefined), next);
  };
}

/**
 * A route's Express handler, for a signed-in viewer: 400 when the body or query string fails the
 * route's schema, 429 for a full read over the viewer's allowance (api/rest/concurrent-downloads.ts), else
 * the handler's answer with the route's status.
 */
function serve(r: Route, deps: ViewerDeps): RequestHandler {
  const status = successStatus(r);
  const dataWrite = isDataWrite(r);
  return (req, res, next) => {
    (async () => {
      const viewer = await viewerFromRequest(req, deps);
      if (!viewer) throw new UnauthenticatedError();
      if (viewer === 'no-budget') throw new BudgetNotFoundError();
      // A viewer of the budget reads only (docs/security.md#budgets-and-roles).
      if (dataWrite && viewer.role === 'viewer') throw new ForbiddenError(READ_ONLY_BUDGET);
      const input = {
        params: req.params,
        body: r.body ? parseInput(r.body, req.body) : undefined,
        query: r.query ? parseInput(r.query, req.query) : undefined,
      };
      if (r.fullRead?.(input.query) && !startFullRead(viewer.id, res)) return;
      const answer = await r.handler(viewer, input, req, res);
      // The handler wrote the response itself (a stream, or an answer of its own).
      if (res.headersSent) return;
      // A write that committed after the user's removal from the budget (or their downgrade to
      // viewer) is not acknowledged: the membership is read again once it is done.
      if (dataWrite) {
        const role = await roleIn(deps.prisma, viewer.budgetId, viewer.id);
        if (!role) throw new BudgetNotFoundError();
        if (role === 'viewer') throw new ForbiddenError(READ_ONLY_BUDGET);
      }
      if (status === 204 || answer === undefined) res.status(204).end();
      else if (r.returns && 'file' in r.returns) await sendFile(res, r.returns.file, answer as Attachment);
      else res.status(status).json(answer);
    })().catch(next);
  };
}

/** A file answer, as an attachment of the route's content type (UTF-8 text); a stream is piped. */
async function sendFile(res: Response, type: string, { filename, content }: Attachment) {
  res.status(200).attachment(filename).type(`${type}; charset=utf-8`);
  if (typeof content === 'string') res.send(content);
  else await pipeline(content, res);
}

/**
 * Mounts the REST facade at /api: its OpenAPI description, CSRF guard, the routes (each parses its
 * JSON body, 1 MB at most unless the route takes more), and `404 Not found` for any other /api
 * path (sign-in routes are mounted before).
 */
export function mountRest(app: Express, publicUrl: string, deps: ViewerDeps) {
  app.get('/api/openapi.json', (_req, res) => void res.json(openApiDocument(publicUrl)));
  app.use('/api', restCsrfGuard(publicUrl), createRestRouter(deps));
  app.use('/api', (_req, res) => void res.status(404).json({ message: NOT_FOUND }));
}
