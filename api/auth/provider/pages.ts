/**
 * The built-in provider's pages (sign in, create account, sign out, errors): server-rendered,
 * styled like the app, no inline scripts (a small same-origin script sets the theme).
 */

import { escapeHtml } from '../../lib/html.ts';

const STYLE = `
:root { color-scheme: light; --bg:#f6f7fb; --card:#fff; --text:#0f172a; --muted:#526074; --border:#d5dae4; --primary:#2453d6; --primary-hover:#1d44b3; --on-primary:#fff; --danger:#c8242f; --danger-soft:#fde8ea; }
:root[data-theme=dark] { color-scheme: dark; --bg:#0b1020; --card:#131a2c; --text:#e8ecf5; --muted:#a3aec4; --border:#2f3a58; --primary:#7aa2ff; --primary-hover:#9ab8ff; --on-primary:#0b1020; --danger:#ff7b84; --danger-soft:#3d1820; }
* { box-sizing: border-box; }
body { margin:0; min-height:100vh; display:grid; place-items:center; padding:1.5rem; background:var(--bg); color:var(--text);
  font: 15px/1.5 Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
main { width:100%; max-width:400px; }
.brand { display:flex; align-items:center; justify-content:center; gap:.5rem; font-weight:800; font-size:1.25rem; margin-bottom:1.25rem; color:var(--text); text-decoration:none; }
.brand img { width:28px; height:28px; }
.card { background:var(--card); border:1px solid var(--border); border-radius:14px; padding:1.75rem; box-shadow:0 1px 3px rgba(15,23,42,.08); }
h1 { font-size:1.35rem; margin:0 0 .25rem; }
p.lead { margin:0 0 1.25rem; color:var(--muted); }
label { display:block; font-weight:600; font-size:.9rem; margin:1rem 0 .35rem; }
input { width:100%; padding:.65rem .75rem; border:1px solid var(--border); border-radius:10px; background:var(--card); color:var(--text); font:inherit; }
input:focus-visible, button:focus-visible, a:focus-visible { outline:2px solid var(--primary); outline-offset:2px; }
input[aria-invalid=true] { border-color:var(--danger); }
.row { display:grid; grid-template-columns:1fr 1fr; gap:.75rem; }
.row label { margin-top:1rem; }
.field-error { color:var(--danger); font-size:.85rem; margin:.35rem 0 0; }
.alert { background:var(--danger-soft); color:var(--danger); border-radius:10px; padding:.65rem .8rem; margin:0 0 1rem; font-weight:600; font-size:.9rem; }
button { width:100%; margin-top:1.5rem; padding:.7rem 1rem; border:0; border-radius:10px; background:var(--primary); color:var(--on-primary); font:inherit; font-weight:700; cursor:pointer; }
button:hover { background:var(--primary-hover); }
.switch { margin:1.25rem 0 0; text-align:center; color:var(--muted); font-size:.92rem; }
a { color:var(--primary); font-weight:600; }
.hint { color:var(--muted); font-size:.82rem; margin:.35rem 0 0; }
@media (max-width: 420px) { .row { grid-template-columns:1fr; } .card { padding:1.25rem; } }
`;

// The web app's logo and the app's theme choice: these pages are on the same origin as the app.
// The theme script is not deferred, so that it sets data-theme before the first paint.
export function page(title: string, body: string, head = '') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Budget</title><link rel="icon" type="image/svg+xml" href="/favicon.svg"><style>${STYLE}</style>
<script src="/oidc-assets/theme.js"></script>${head}</head>
<body><main><a class="brand" href="/"><img src="/favicon.svg" alt=""><span>Budget</span></a><div class="card">${body}</div></main></body></html>`;
}

type Errors = Record<string, string | undefined>;

function field(name: string, label: string, type: string, value: string, errors: Errors, extra = '') {
  const error = errors[name];
  const id = `f-${name}`;
  return `<label for="${id}">${label}</label><input id="${id}" name="${name}" type="${type}" value="${escapeHtml(value)}"${
    error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''
  } ${extra}>${error ? `<p class="field-error" id="${id}-error">${escapeHtml(error)}</p>` : ''}`;
}

function alert(message?: string) {
  return message ? `<p class="alert" role="alert">${escapeHtml(message)}</p>` : '';
}

export function signInPage(uid: string, values: { email?: string } = {}, errors: Errors = {}, message?: string) {
  return page(
    'Sign in',
    `<h1>Sign in</h1><p class="lead">Welcome back. Sign in to manage your money.</p>${alert(message)}
<form method="post" action="/oidc/interaction/${escapeHtml(uid)}/login" novalidate>
${field('email', 'Email', 'email', values.email ?? '', errors, 'autocomplete="email" autofocus required')}
${field('password', 'Password', 'password', '', errors, 'autocomplete="current-password" required')}
<button type="submit">Sign in</button></form>
<p class="switch">New here? <a href="/oidc/interaction/${escapeHtml(uid)}/signup">Create account</a></p>`,
  );
}

export function signUpPage(uid: string, values: Record<string, string> = {}, errors: Errors = {}, message?: string) {
  return page(
    'Create account',
    `<h1>Create account</h1><p class="lead">Start tracking your income, budget and savings.</p>${alert(message)}
<form method="post" action="/oidc/interaction/${escapeHtml(uid)}/signup" novalidate>
<div class="row"><div>${field('firstName', 'First name', 'text', values.firstName ?? '', errors, 'autocomplete="given-name" autofocus required')}</div>
<div>${field('lastName', 'Last name', 'text', values.lastName ?? '', errors, 'autocomplete="family-name" required')}</div></div>
${field('email', 'Email', 'email', values.email ?? '', errors, 'autocomplete="email" required')}
${field('password', 'Password', 'password', '', errors, 'autocomplete="new-password" minlength="8" required')}
${errors.password ? '' : '<p class="hint">At least 8 characters.</p>'}
<button type="submit">Create account</button></form>
<p class="switch">Already have an account? <a href="/oidc/interaction/${escapeHtml(uid)}">Sign in</a></p>`,
  );
}

/** The second step of a sign-in with two-factor sign-in on: a code from the app, or a recovery code. */
export function twoFactorPage(uid: string, step: string, message?: string) {
  return page(
    'Two-factor sign-in',
    `<h1>Two-factor sign-in</h1><p class="lead">Enter the 6-digit code from your authenticator app.</p>${alert(message)}
<form method="post" action="/oidc/interaction/${escapeHtml(uid)}/two-factor" novalidate>
<input type="hidden" name="step" value="${escapeHtml(step)}">
${field('code', 'Code', 'text', '', {}, 'autocomplete="one-time-code" inputmode="numeric" autofocus required')}
<p class="hint">No access to your app? Enter one of your recovery codes instead.</p>
<button type="submit">Verify</button></form>
<p class="switch"><a href="/api/login">Start again</a></p>`,
  );
}

/** After a one-time password from the server's operator: a new password is chosen before signing in. */
export function newPasswordPage(uid: string, step: string, errors: Errors = {}) {
  return page(
    'Choose a new password',
    `<h1>Choose a new password</h1><p class="lead">You signed in with a one-time password. Choose your own to continue.</p>
<form method="post" action="/oidc/interaction/${escapeHtml(uid)}/new-password" novalidate>
<input type="hidden" name="step" value="${escapeHtml(step)}">
${field('password', 'New password', 'password', '', errors, 'autocomplete="new-password" minlength="8" autofocus required')}
${errors.password ? '' : '<p class="hint">At least 8 characters.</p>'}
<button type="submit">Save and sign in</button></form>`,
  );
}

export const ACCOUNT_DISABLED = {
  title: 'Account disabled',
  message: 'This account has been disabled. Ask the person who runs this Budget server.',
};

export function messagePage(title: string, message: string, link = { href: '/api/login', text: 'Sign in again' }) {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><p class="lead">${escapeHtml(message)}</p><p class="switch"><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`,
  );
}

/**
 * Asked instead of signing out when a link on another site leads to /api/logout (a page there must
 * not sign the user out): signing out is this page's form, sent from this site.
 */
export function signOutConfirmPage() {
  return page(
    'Sign out',
    `<h1>Sign out of Budget?</h1><p class="lead">A link from another site asked to sign you out.</p>
<form method="post" action="/api/logout"><button type="submit">Sign out</button></form>
<p class="switch"><a href="/">Stay signed in</a></p>`,
  );
}

/** The app keeps its light/dark choice in localStorage `theme` (default light). */
export const THEME_SCRIPT = `try { if (localStorage.getItem('theme') === 'dark') document.documentElement.dataset.theme = 'dark'; } catch { /* storage blocked: light */ }\n`;
