import { z } from 'zod';
import { defineRoutes, route, wire } from '../../rest/route-table.ts';
import { changePasswordInput, twoFactorCodeInput } from '../../../shared/inputs/settings.ts';
import { changePassword, confirmTwoFactorSetup, disableTwoFactor, startTwoFactorSetup } from './credentials.service.ts';

/** A built-in account's password and two-factor sign-in (docs/product.md#settings): browser sessions only. */
export const credentialRoutes = defineRoutes(
  route({
    method: 'put',
    path: '/password',
    tag: 'Settings',
    summary: 'Change your password, given the current one; every other session is signed out and every API token revoked',
    body: changePasswordInput,
    returns: { json: z.object({ signedOutSessions: wire.integer, revokedTokens: wire.integer }) },
    browserOnly: true,
    limited: true,
    handler: (viewer, { body }) => changePassword(viewer, body),
  }),
  route({
    method: 'post',
    path: '/two-factor/setup',
    tag: 'Settings',
    summary: 'Start turning on two-factor sign-in: a new secret and its QR code (SVG)',
    returns: { json: z.object({ secret: z.string(), uri: z.string(), qrCodeSvg: z.string() }) },
    browserOnly: true,
    handler: (viewer) => startTwoFactorSetup(viewer),
  }),
  route({
    method: 'post',
    path: '/two-factor/confirm',
    tag: 'Settings',
    summary: 'Turn two-factor sign-in on with a code of the new secret; answers ten recovery codes, once',
    confirmsIdentity: true,
    body: twoFactorCodeInput,
    returns: { json: z.object({ recoveryCodes: z.array(z.string()) }) },
    browserOnly: true,
    limited: true,
    handler: async (viewer, { body }) => ({ recoveryCodes: await confirmTwoFactorSetup(viewer, body) }),
  }),
  route({
    method: 'post',
    path: '/two-factor/disable',
    tag: 'Settings',
    summary: 'Turn two-factor sign-in off, given a code from the app or a recovery code',
    confirmsIdentity: true,
    body: twoFactorCodeInput,
    browserOnly: true,
    limited: true,
    handler: (viewer, { body }) => disableTwoFactor(viewer, body),
  }),
);
