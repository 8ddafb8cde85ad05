import type { Express, Request, Response } from 'express';
import { crossSiteNavigation } from '../rest/csrf.ts';
import { messagePage, signOutConfirmPage } from './provider/pages.ts';

export interface SignOutOptions {
  publicUrl: string;
  /** Clears the app's session cookie. */
  clearSessionCookie(res: Response): void;
  /** Ends this browser's session at the built-in provider, on the server. */
  endProviderSession?(req: Request, res: Response): Promise<void>;
  /** An external provider's end-session URL for this sign-in, visited after. */
  providerSignOutUrl?(idToken: string | undefined): string | undefined;
}

/**
 * `/api/logout` (docs/security.md#sessions): ends this browser's session, row and cookie, and its
 * session at the provider. The built-in provider's is ended here, on the server, so signing out
 * needs no script in a page (JavaScript off, a tab closed at once): the next sign-in asks for the
 * password. An external provider's end-session page is visited after, as it offers one.
 *
 * Started by another site (a link or an image on a page elsewhere), a GET only asks: its page's
 * form signs out with a POST from this site, and a POST from elsewhere is refused. The app's own
 * Sign Out link, a same-origin navigation, signs out at once.
 */
export function mountSignOut(app: Express, options: SignOutOptions) {
  const html = (res: Response, status: number, body: string) => res.status(status).type('html').send(body);

  async function signOut(req: Request, res: Response) {
    const idToken = req.session?.idToken;
    await options.endProviderSession?.(req, res);
    if (req.user) await new Promise<void>((resolve, reject) => req.logout((err) => (err ? reject(err) : resolve())));
    await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
    options.clearSessionCookie(res);
    res.redirect(options.providerSignOutUrl?.(idToken) ?? '/');
  }

  app.get('/api/logout', (req, res, next) => {
    if (crossSiteNavigation(req, options.publicUrl)) return void html(res, 200, signOutConfirmPage());
    signOut(req, res).catch(next);
  });
  app.post('/api/logout', (req, res, next) => {
    if (crossSiteNavigation(req, options.publicUrl))
      return void html(
        res,
        403,
        messagePage('Sign-out refused', 'A page on another site tried to sign you out.', { href: '/', text: 'Back to Budget' }),
      );
    signOut(req, res).catch(next);
  });
}
