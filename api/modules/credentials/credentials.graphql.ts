import { builder } from '../../graphql/builder.ts';
import { CURRENT_PASSWORD, MutationPayload } from '../../graphql/mutations.ts';
import { UserRef } from '../users/users.graphql.ts';
import { changePassword, confirmTwoFactorSetup, disableTwoFactor, signInSettings, startTwoFactorSetup } from './credentials.service.ts';

const SignInMethod = builder.enumType('SignInMethod', {
  description: 'Who keeps the user’s password.',
  values: {
    builtIn: { description: 'This app’s own sign-in: password and two-factor sign-in are managed in Settings.' },
    external: { description: 'An external provider (Google, Keycloak, …): managed there.' },
  },
});

const SignInSettings = builder.objectRef<Awaited<ReturnType<typeof signInSettings>>>('SignInSettings').implement({
  description: 'How the user signs in.',
  fields: (t) => ({
    method: t.field({ type: SignInMethod, description: 'Built-in or external.', resolve: (s) => (s.builtIn ? 'builtIn' : 'external') }),
    twoFactorEnabled: t.exposeBoolean('twoFactorEnabled', { description: 'Whether sign-in asks for a code from an authenticator app.' }),
    recoveryCodesLeft: t.exposeInt('recoveryCodesLeft', { description: 'Unused recovery codes (0 when two-factor sign-in is off).' }),
  }),
});

builder.objectField(UserRef, 'signIn', (t) =>
  t.field({ type: SignInSettings, description: 'How the user signs in.', resolve: (_user, _args, ctx) => signInSettings(ctx.viewer) }),
);

const ChangePasswordInput = builder.inputType('ChangePasswordInput', {
  description: 'For changePassword.',
  fields: (t) => ({
    currentPassword: t.string({ description: 'The password now.' }),
    newPassword: t.string({ description: 'At least 8 characters, other than the current one.' }),
  }),
});

const TwoFactorCodeInput = builder.inputType('TwoFactorCodeInput', {
  description: 'A code from the authenticator app (6 digits), or a recovery code where one is accepted.',
  fields: (t) => ({
    code: t.string({ description: 'The code; spaces are ignored.' }),
    password: t.string({ required: false, description: CURRENT_PASSWORD }),
  }),
});

const ChangePasswordPayload = builder.objectRef<{ signedOutSessions: number; revokedTokens: number }>('ChangePasswordPayload').implement({
  description: 'The password changed; every other session was signed out and every API token revoked.',
  interfaces: [MutationPayload],
  fields: (t) => ({
    signedOutSessions: t.exposeInt('signedOutSessions', { description: 'How many other sessions ended.' }),
    revokedTokens: t.exposeInt('revokedTokens', { description: 'How many API tokens were revoked.' }),
  }),
});

const TwoFactorSetup = builder.objectRef<{ secret: string; uri: string; qrCodeSvg: string }>('StartTwoFactorSetupPayload').implement({
  description: 'A new TOTP secret to add to an authenticator app; confirm it with a code to turn two-factor sign-in on.',
  fields: (t) => ({
    secret: t.exposeString('secret', { description: 'The secret (base32), to type into the app.' }),
    uri: t.exposeString('uri', { description: 'The otpauth:// URI the QR code holds.' }),
    qrCodeSvg: t.exposeString('qrCodeSvg', { description: 'The QR code of `uri`, as an SVG document.' }),
  }),
});

const ConfirmTwoFactorSetupPayload = builder.objectRef<{ recoveryCodes: string[] }>('ConfirmTwoFactorSetupPayload').implement({
  description: 'Two-factor sign-in is on.',
  interfaces: [MutationPayload],
  fields: (t) => ({
    recoveryCodes: t.exposeStringList('recoveryCodes', { description: 'Ten single-use recovery codes, shown this once.' }),
  }),
});

const DisableTwoFactorPayload = builder.objectRef<object>('DisableTwoFactorPayload').implement({
  description: 'Two-factor sign-in is off.',
  interfaces: [MutationPayload],
});

builder.mutationFields((t) => ({
  changePassword: t.field({
    type: ChangePasswordPayload,
    description:
      'Changes a built-in account’s password, given the current one; signs out every other session and revokes every API token. Browser sessions only.',
    args: { input: t.arg({ type: ChangePasswordInput }) },
    resolve: (_root, { input }, ctx) => changePassword(ctx.viewer, input),
  }),
  startTwoFactorSetup: t.field({
    type: TwoFactorSetup,
    description: 'Starts turning on two-factor sign-in: a new secret and its QR code. Browser sessions only.',
    resolve: (_root, _args, ctx) => startTwoFactorSetup(ctx.viewer),
  }),
  confirmTwoFactorSetup: t.field({
    type: ConfirmTwoFactorSetupPayload,
    description:
      'Turns two-factor sign-in on with a code of the new secret (and `password` unless the sign-in is recent); answers the recovery codes once. Browser sessions only.',
    args: { input: t.arg({ type: TwoFactorCodeInput }) },
    resolve: async (_root, { input }, ctx) => ({ recoveryCodes: await confirmTwoFactorSetup(ctx.viewer, input) }),
  }),
  disableTwoFactor: t.field({
    type: DisableTwoFactorPayload,
    description:
      'Turns two-factor sign-in off, given a code from the app or a recovery code (and `password` unless the sign-in is recent). Browser sessions only.',
    args: { input: t.arg({ type: TwoFactorCodeInput }) },
    resolve: async (_root, { input }, ctx) => (await disableTwoFactor(ctx.viewer, input), {}),
  }),
}));
