import express, { type Request, type Response, type Router } from 'express';
import type Provider from 'oidc-provider';
import type { LocalAccount, PrismaClient } from '../../generated/prisma/client.ts';
import { ValidationError } from '../../lib/errors.ts';
import { createAttemptLimiter, createLocalAccount, setPassword, verifyLocalAccount } from '../local-accounts.ts';
import { acceptSecondFactor, secondFactorProblem } from '../two-factor.ts';
import { twoFactorCodeSchema } from '../../../shared/inputs/settings.ts';
import { ACCOUNT_DISABLED, messagePage, newPasswordPage, signInPage, signUpPage, THEME_SCRIPT, twoFactorPage } from './pages.ts';
import { signInSteps, type Stage } from './sign-in-steps.ts';

const EXPIRED = {
  title: 'This sign-in page has expired',
  message: 'Sign-in pages are valid for one hour and can be used once. Please start again.',
};
import type { RateLimits } from '../rate-limits.ts';

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
  // Two-factor codes at sign-in, limited like passwords.
  const codes = createAttemptLimiter(limits, 'two-factor', attemptsPerAddress);
  const steps = signInSteps(prisma);
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
      html(res, 400, messagePage(EXPIRED.title, EXPIRED.message));
      return undefined;
    }
  }

  router.get('/oidc-assets/theme.js', (_req, res) => {
    res.type('application/javascript').set('Cache-Control', 'public, max-age=3600').send(THEME_SCRIPT);
  });

  router.get('/oidc/interaction/:uid', async (req, res) => {
    if (await details(req, res)) html(res, 200, signInPage(String(req.params.uid)));
  });

  router.get('/oidc/interaction/:uid/signup', async (req, res) => {
    if (await details(req, res)) html(res, 200, signUpPage(String(req.params.uid)));
  });

  /**
   * After the password: the two-factor code when it is on, then a new password after a one-time
   * one (docs/security.md#two-factor-sign-in), then the sign-in completes. A disabled user stops here.
   */
  async function nextStep(req: Request, res: Response, account: LocalAccount, done: 'password' | Stage) {
    const uid = String(req.params.uid);
    const user = await prisma.user.findUnique({ where: { id: account.id }, select: { disabledAt: true } });
    if (user?.disabledAt) return html(res, 403, messagePage(ACCOUNT_DISABLED.title, ACCOUNT_DISABLED.message));
    if (done === 'password' && account.totpSecret)
      return html(res, 200, twoFactorPage(uid, await steps.issue(uid, account.id, 'two-factor')));
    if (done !== 'new-password' && account.mustChangePassword)
      return html(res, 200, newPasswordPage(uid, await steps.issue(uid, account.id, 'new-password')));
    await provider.interactionFinished(req, res, { login: { accountId: account.id } }, { mergeWithLastSubmission: false });
  }

  /** The account whose sign-in reached `stage` (the form's proof), or an "expired" page. */
  async function accountAt(req: Request, res: Response, stage: Stage) {
    const id = await steps.verify(req.body?.step, String(req.params.uid), stage);
    const account = id ? await prisma.localAccount.findUnique({ where: { id } }) : null;
    if (!account) html(res, 400, messagePage(EXPIRED.title, EXPIRED.message));
    return account;
  }

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
      await nextStep(req, res, account, 'password');
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      html(res, 400, signInPage(uid, { email }, {}, err.message));
    }
  });

  router.post('/oidc/interaction/:uid/two-factor', form, async (req, res) => {
    const uid = String(req.params.uid);
    if (!(await details(req, res))) return;
    const account = await accountAt(req, res, 'two-factor');
    if (!account) return;
    const step = String(req.body.step);
    const address = req.ip ?? 'unknown';
    // Codes are limited like passwords: 5 wrong ones per account, and per address, per 15 minutes.
    const wait = await codes.attempt(account.email, address);
    if (wait > 0) return html(res, 429, twoFactorPage(uid, step, tooMany('failed attempts', wait)));
    const code = twoFactorCodeSchema.safeParse(req.body?.code ?? '');
    if (!code.success) return html(res, 400, twoFactorPage(uid, step, code.error.issues[0]!.message));
    const result = await acceptSecondFactor(prisma, account, code.data);
    if (result !== 'accepted') return html(res, 400, twoFactorPage(uid, step, secondFactorProblem(result)));
    await codes.succeeded(account.email, address);
    await nextStep(req, res, account, 'two-factor');
  });

  router.post('/oidc/interaction/:uid/new-password', form, async (req, res) => {
    const uid = String(req.params.uid);
    if (!(await details(req, res))) return;
    const account = await accountAt(req, res, 'new-password');
    if (!account) return;
    try {
      await setPassword(prisma, account, req.body?.password);
      await nextStep(req, res, { ...account, mustChangePassword: false }, 'new-password');
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      html(res, 400, newPasswordPage(uid, String(req.body.step), { password: err.message }));
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
