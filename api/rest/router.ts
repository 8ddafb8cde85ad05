import express, { type Express, type NextFunction, type Request, type Response, type Router } from 'express';
import { UnauthenticatedError } from '../lib/errors.ts';
import type { Viewer } from '../lib/viewer.ts';
import { viewerFromRequest, type ViewerDeps } from './request-viewer.ts';
import { NOT_FOUND } from './errors.ts';
import { restCsrfGuard } from './csrf.ts';
import { openApiDocument } from './openapi.ts';
import { registerAccountRoutes } from '../modules/accounts/accounts.rest.ts';
import { registerPaycheckRoutes } from '../modules/paychecks/paychecks.rest.ts';
import { registerBudgetRoutes } from '../modules/budget/budget.rest.ts';
import { registerTransactionRoutes } from '../modules/transactions/transactions.rest.ts';
import { registerReportRoutes } from '../modules/reports/reports.rest.ts';
import { registerBillRoutes } from '../modules/bills/bills.rest.ts';
import { registerGoalRoutes } from '../modules/goals/goals.rest.ts';

/** A REST handler of a protected route: it gets the signed-in viewer and returns the JSON body. */
export type ViewerHandler = (viewer: Viewer, req: Request, res: Response) => Promise<unknown>;

export interface RestRoutes {
  /** Wraps a handler: 401 `{"message":"Unauthorized"}` without a session, JSON body otherwise. */
  handle(handler: ViewerHandler, status?: number): (req: Request, res: Response, next: NextFunction) => void;
}

/** The documented `/api/*` paths (SPEC.md §7), thin adapters over the domain services. */
export function createRestRouter(deps: ViewerDeps): Router {
  const router = express.Router();
  const routes: RestRoutes = {
    handle: (handler, status = 200) => (req, res, next) => {
      const viewer = viewerFromRequest(req, deps);
      if (!viewer) return next(new UnauthenticatedError());
      handler(viewer, req, res)
        .then((body) => {
          if (res.headersSent) return;
          if (body === undefined) res.status(204).end();
          else res.status(status).json(body);
        })
        .catch(next);
    },
  };
  registerAccountRoutes(router, routes);
  registerPaycheckRoutes(router, routes);
  registerBudgetRoutes(router, routes);
  registerTransactionRoutes(router, routes);
  registerReportRoutes(router, routes);
  registerBillRoutes(router, routes);
  registerGoalRoutes(router, routes);
  return router;
}

/**
 * Mounts the REST facade at /api: its OpenAPI description, CSRF guard, JSON bodies (1 MB at most),
 * the routes, and `404 Not found` for any other /api path (sign-in routes are mounted before).
 */
export function mountRest(app: Express, publicUrl: string, deps: ViewerDeps) {
  app.get('/api/openapi.json', (_req, res) => void res.json(openApiDocument(publicUrl)));
  app.use('/api', restCsrfGuard(publicUrl), express.json({ limit: '1mb' }), createRestRouter(deps));
  app.use('/api', (_req, res) => void res.status(404).json({ message: NOT_FOUND }));
}
