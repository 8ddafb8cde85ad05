import type { RequestHandler } from 'express';
import '../auth/bearer.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF for the REST facade: a state-changing request must be JSON (a cross-site HTML form cannot
 * send `application/json` without a CORS preflight, which this server never grants), and when
 * the browser names an Origin it must be this site. `curl` with a cookie and a JSON body works.
 * Requests with an API token (api/auth/bearer.ts) carry no cookie and need none of this.
 */
export function restCsrfGuard(publicUrl: string): RequestHandler {
  const allowed = new URL(publicUrl).origin;
  return (req, res, next) => {
    // An API token is no cookie: a browser never sends it by itself, so it cannot be forged cross-site.
    if (SAFE_METHODS.has(req.method) || req.apiToken) return next();
    const origin = req.get('origin');
    if (origin && origin !== allowed && origin !== `${req.protocol}://${req.get('host')}`) {
      res.status(403).json({ message: 'Cross-site request refused' });
      return;
    }
    const hasBody =
      (req.get('content-length') !== undefined && req.get('content-length') !== '0') || req.get('transfer-encoding') !== undefined;
    if ((hasBody || req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH') && !req.is('application/json')) {
      res.status(415).json({ message: 'Content-Type must be application/json' });
      return;
    }
    next();
  };
}
