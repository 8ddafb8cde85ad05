import express, { type Request, type Response, type Router } from 'express';
import type Provider from 'oidc-provider';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { ValidationError } from '../../lib/errors.ts';
import { createAttemptLimiter, createLocalAccount, verifyLocalAccount } from '../local-accounts.ts';
import type { RateLimits } from '../rate-limits.ts';
import { messagePage, signInPage, signUpPage, SIGN_OUT_SCRIPT, THEME_SCRIPT } from './pages.ts';

/**
 * The built-in provider's sign-in and create-account pages (its "interactions"). Registered
 * before the provider itself, at /oidc/interaction/:uid. The interaction cookie (SameSite=Lax,
 * bound to the uid) is what makes a cross-site post of these forms fail.
 */
export function interactionRoutes(provider: Provider, prisma: PrismaClient, limits: RateLimits, attemptsPerAddress: number): Router {
  const router = express.Router();
  const signIns = createAttemptLimiter(limits, 'sign-in', attemptsPerAddress);
  // Every sign-up attempt counts, not only failures: a success costs a password hash and adds an
  // account (what a flood from one address is after), a failure can tell which emails exist.
  const signUps = createAttemptLimiter(limits, 'sign-up', attemptsPerAddress);
  const form = express.urlencoded({ extended: false, limit: '10kb' });

  const html = (res: Response, status: number, body: string) => res.status(status).type('html').set('Cache-Control', 'no-store').send(body);
  const tooMany = (what: string, wait: number) => {
    const minutes = Math.ceil(wait / 60_000);
    return `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  };

  /** The pending interaction, or an "expired" page when it is gone (a stale tab, a replayed form). */
  async function details(req: Request, res: Response) {
    try {
      const d = await provider.interactionDetails(req, res);
      if (d.uid !== req.params.uid) throw new Error('uid mismatch');
      return d;
    } catch {
      html(
        res,
        400,
        messagePage('This sign-in page has expired', 'Sign-in pages are valid for one hour and can be used once. Please start again.'),
      );
      return undefined;
    }
  }

  router.get('/oidc-assets/sign-out.js', (_req, res) => {
    res.type('application/javascript').set('Cache-Control', 'public, max-age=3600').send(SIGN_OUT_SCRIPT);
  });

  router.get('/oidc-assets/theme.js', (_req, res) => {
    res.type('application/javascript').set('Cache-Control', 'public, max-age=3600').send(THEME_SCRIPT);
  });

  router.get('/oidc/interaction/:uid', async (req, res) => {
    if (await details(req, res)) html(res, 200, signInPage(String(req.params.uid)));
  });

  router.get('/oidc/interaction/:uid/signup', async (req, res) => {
    if (await details(req, res)) html(res, 200, signUpPage(String(req.params.uid)));
  });

  router.post('/oidc/interaction/:uid/login', form, async (req, res) => {
    const uid = String(req.params.uid);
    if (!(await details(req, res))) return;
    const email = String(req.body?.email ?? '');
    const address = req.ip ?? 'unknown';
    const wait = await signIns.attempt(email, address);
    if (wait > 0) return html(res, 429, signInPage(uid, { email }, {}, tooMany('failed attempts', wait)));
    try {
      const account = await verifyLocalAccount(prisma, req.body ?? {});
      await signIns.succeeded(email, address);
      await provider.interactionFinished(req, res, { login: { accountId: account.id } }, { mergeWithLastSubmission: false });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      html(res, 400, signInPage(uid, { email }, {}, err.message));
    }
  });

  router.post('/oidc/interaction/:uid/signup', form, async (req, res) => {
    const uid = String(req.params.uid);
    if (!(await details(req, res))) return;
    const values = {
      firstName: String(req.body?.firstName ?? ''),
      lastName: String(req.body?.lastName ?? ''),
      email: String(req.body?.email ?? ''),
    };
    const wait = await signUps.attempt(values.email, req.ip ?? 'unknown');
    if (wait > 0) return html(res, 429, signUpPage(uid, values, {}, tooMany('sign-up attempts', wait)));
    try {
      const account = await createLocalAccount(prisma, req.body ?? {});
      await provider.interactionFinished(req, res, { login: { accountId: account.id } }, { mergeWithLastSubmission: false });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      const errors = Object.fromEntries(err.issues.map((i) => [i.path[0] ?? 'form', i.message]));
      html(res, 400, signUpPage(uid, values, errors));
    }
  });

  return router;
}
