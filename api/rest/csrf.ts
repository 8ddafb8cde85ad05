import type { Request, RequestHandler, Response } from 'express';
import '../auth/bearer.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_REFUSED = 'Cross-site request refused';

/** The origins a page of this app has: the public URL's, and the one the request was sent to. */
function isOwnOrigin(origin: string, req: Request, publicUrl: string) {
  return origin === new URL(publicUrl).origin || origin === `${req.protocol}://${req.get('host')}`;
}

/** Whether the browser names another origin (`Origin`, "null" included) as the page that sent this request. */
export function fromForeignOrigin(req: Request, publicUrl: string) {
  const origin = req.get('origin');
  return origin !== undefined && !isOwnOrigin(origin, req, publicUrl);
}

/**
 * Whether a navigation was started by another site: the browser says so (`Sec-Fetch-Site`
 * cross-site or same-site), or, a browser that does not, names another origin as `Origin` or
 * `Referer`. A typed address or a bookmark (`none`) is the user's own, and so is a request that
 * names nothing (a script's).
 */
export function crossSiteNavigation(req: Request, publicUrl: string) {
  const site = req.get('sec-fetch-site');
  if (site) return site === 'cross-site' || site === 'same-site';
  if (fromForeignOrigin(req, publicUrl)) return true;
  const referer = req.get('referer');
  return referer !== undefined && !isOwnOrigin(URL.canParse(referer) ? new URL(referer).origin : 'null', req, publicUrl);
}

/**
 * A browser session's change sent from a page of another origin is refused (403, answered by
 * `refuse`) on REST and GraphQL alike. Requests with an API token (api/auth/bearer.ts) carry no
 * cookie: a page elsewhere cannot make a browser send one, so they pass.
 */
export function refuseForeignWrites(publicUrl: string, refuse: (res: Response) => void): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || req.apiToken || !fromForeignOrigin(req, publicUrl)) return next();
    res.status(403);
    refuse(res);
  };
}

/**
 * CSRF for the REST facade: a state-changing request must be JSON (a cross-site HTML form cannot
 * send `application/json` without a CORS preflight, which this server never grants), and when
 * the browser names an Origin it must be this site. `curl` with a cookie and a JSON body works.
 * Requests with an API token carry no cookie and need none of this.
 */
export function restCsrfGuard(publicUrl: string): RequestHandler {
  const sameOrigin = refuseForeignWrites(publicUrl, (res) => void res.json({ message: CROSS_SITE_REFUSED }));
  return (req, res, next) =>
    sameOrigin(req, res, () => {
      if (SAFE_METHODS.has(req.method) || req.apiToken) return next();
      const hasBody =
        (req.get('content-length') !== undefined && req.get('content-length') !== '0') || req.get('transfer-encoding') !== undefined;
      if ((hasBody || req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH') && !req.is('application/json')) {
        res.status(415).json({ message: 'Content-Type must be application/json' });
        return;
      }
      next();
    });
}
