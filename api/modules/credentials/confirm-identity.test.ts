import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageSignIn, HttpClient, signIn, signUp } from '../../test/sign-in.ts';
import { startTestServer } from '../../test/test-server.ts';
import { testDatabaseKind } from '../../test/test-database.ts';

// A stolen session cookie alone cannot take an account over (docs/security.md#confirming-who-is-asking):
// once its sign-in is more than RECENT_SIGN_IN_MINUTES (10) old, turning two-factor sign-in on or
// off, creating an API token and deleting the account ask for the current password, over GraphQL
// and REST; changing the password and signing out the other sessions revoke every API token.
let server: Awaited<ReturnType<typeof startTestServer>>;
const refused: string[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  console.log(`confirming who is asking: ${refused.length} refusals checked (${refused.join(', ')}), failures: 0`);
  await server?.close();
});

const prisma = () => server.app.db.prisma;
const CONFIRM = 'Confirm your password to do this';
const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

const createToken = (client: HttpClient, password?: string) =>
  client.graphql('mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) { token } }', {
    input: { name: 'cron', access: 'write', ...(password === undefined ? {} : { password }) },
  });
const tokenCount = (userId: string) => prisma().apiToken.count({ where: { userId } });
const userId = async (client: HttpClient) => ((await (await client.request('/api/auth/user')).json()) as { id: string }).id;

/** The GraphQL refusal of an operation that needs the password: 403 FORBIDDEN, its issue on `password`. */
const confirmRefusal = (message = CONFIRM, field = 'password') => ({
  status: 403,
  errors: [
    expect.objectContaining({ message, extensions: expect.objectContaining({ code: 'FORBIDDEN', issues: [{ path: [field], message }] }) }),
  ],
});

describe(`confirming who is asking (${testDatabaseKind()})`, () => {
  it('asks for the password once the sign-in is not recent: tokens, two-factor on and off, deleting the account', async () => {
    const { client, profile } = await signUp(server.base);
    const id = await userId(client);
    // Signed in just now: no password asked.
    expect((await createToken(client)).data.createApiToken.token).toMatch(/^bgt_/);
    expect(await tokenCount(id)).toBe(1);

    await ageSignIn(prisma(), client, 11);
    // A new token, over GraphQL and REST: refused without the password, nothing created.
    expect(await createToken(client)).toMatchObject(confirmRefusal());
    const rest = await client.request('/api/tokens', { method: 'POST', json: { name: 'cron', access: 'write' } });
    expect([rest.status, await rest.json()]).toEqual([403, { message: CONFIRM, errors: [{ path: ['password'], message: CONFIRM }] }]);
    expect(await tokenCount(id)).toBe(1);
    const wrong = await createToken(client, 'not my password');
    expect(wrong.errors?.[0]).toMatchObject({
      message: 'Your current password is not right',
      extensions: { code: 'BAD_USER_INPUT', issues: [{ path: ['password'] }] },
    });
    expect(await tokenCount(id)).toBe(1);
    expect((await createToken(client, profile.password)).data.createApiToken.token).toMatch(/^bgt_/);
    const overRest = await client.request('/api/tokens', {
      method: 'POST',
      json: { name: 'ci', access: 'read', password: profile.password },
    });
    expect(overRest.status).toBe(201);
    expect(await tokenCount(id)).toBe(3);
    refused.push('a token without the password (GraphQL, REST)', 'a token with a wrong password');

    // Two-factor on: starting the setup changes nothing; turning it on takes the password (before the code).
    const { secret } = (await client.graphql('mutation { startTwoFactorSetup { secret } }')).data.startTwoFactorSetup;
    const turnOn = (input: Record<string, string>) =>
      client.graphql('mutation($input: TwoFactorCodeInput!) { confirmTwoFactorSetup(input: $input) { recoveryCodes } }', { input });
    expect(await turnOn({ code: codeAt(secret) })).toMatchObject(confirmRefusal());
    const restOn = await client.request('/api/two-factor/confirm', { method: 'POST', json: { code: codeAt(secret) } });
    expect([restOn.status, (await restOn.json()).message]).toEqual([403, CONFIRM]);
    expect((await prisma().localAccount.findUniqueOrThrow({ where: { id } })).totpSecret).toBeNull();
    const codes: string[] = (await turnOn({ code: codeAt(secret), password: profile.password })).data.confirmTwoFactorSetup.recoveryCodes;
    expect(codes).toHaveLength(10);
    refused.push('two-factor on without the password (GraphQL, REST)');

    // Two-factor off: the password first, so a code is not spent on a refusal.
    const turnOff = (json: Record<string, string>) => client.request('/api/two-factor/disable', { method: 'POST', json });
    const offRefused = await turnOff({ code: codes[0]! });
    expect([offRefused.status, (await offRefused.json()).message]).toEqual([403, CONFIRM]);
    const offGraphql = await client.graphql('mutation($input: TwoFactorCodeInput!) { disableTwoFactor(input: $input) { __typename } }', {
      input: { code: codes[0]! },
    });
    expect(offGraphql).toMatchObject(confirmRefusal());
    expect((await turnOff({ code: codes[0]!, password: profile.password })).status).toBe(204);
    expect((await prisma().localAccount.findUniqueOrThrow({ where: { id } })).totpSecret).toBeNull();
    refused.push('two-factor off without the password (GraphQL, REST)');

    // Deleting the account.
    const remove = (json: Record<string, string>) => client.request('/api/profile', { method: 'DELETE', json });
    const removeRefused = await remove({ confirmation: profile.email });
    expect([removeRefused.status, (await removeRefused.json()).message]).toEqual([403, CONFIRM]);
    const removeGraphql = await client.graphql(
      'mutation($input: DeleteMyAccountInput!) { deleteMyAccount(input: $input) { deletedUserId } }',
      { input: { confirmation: profile.email } },
    );
    expect(removeGraphql).toMatchObject(confirmRefusal());
    expect(await prisma().user.count({ where: { id } })).toBe(1);
    refused.push('deleting the account without the password (GraphQL, REST)');
    expect((await remove({ confirmation: profile.email, password: profile.password })).status).toBe(204);
    expect(await prisma().user.count({ where: { id } })).toBe(0);
  });

  it('counts wrong passwords with the attempt limit: 5, then 429 even for the right one', async () => {
    const { client, profile } = await signUp(server.base);
    await ageSignIn(prisma(), client, 30);
    const answers: unknown[] = [];
    for (let i = 0; i < 5; i++) answers.push((await createToken(client, `wrong ${i}`)).errors?.[0]?.message);
    expect(answers).toEqual(Array(5).fill('Your current password is not right'));
    const limited = await createToken(client, profile.password);
    expect(limited.errors?.[0]?.message).toMatch(/^Too many failed attempts\. Try again in \d+ minutes?\.$/);
    expect(await tokenCount(await userId(client))).toBe(0);
    refused.push('the right password after 5 wrong ones');
  });

  it('a sign-in through a live provider session is not a fresh one: it keeps when the password was typed', async () => {
    const { client, profile } = await signUp(server.base);
    const id = await userId(client);
    // The password was typed 30 minutes ago at the provider; this browser's app session then ended.
    const session = await prisma().oidcPayload.findFirstOrThrow({
      where: { type: 'Session', payload: { path: ['accountId'], equals: id } },
    });
    const payload = session.payload as { loginTs: number };
    await prisma().oidcPayload.update({
      where: { type_id: { type: 'Session', id: session.id } },
      data: { payload: { ...payload, loginTs: payload.loginTs - 30 * 60 } },
    });
    await prisma().session.deleteMany({ where: { userId: id } });
    // Sign In lands signed in without a password (the provider's session), but not recently.
    const { url } = await client.follow('/api/login');
    expect(new URL(url).pathname).toBe('/');
    expect((await client.request('/api/auth/user')).status).toBe(200);
    expect(await createToken(client)).toMatchObject(confirmRefusal());
    expect((await createToken(client, profile.password)).data.createApiToken.token).toMatch(/^bgt_/);
    refused.push('a token from a silent sign-in with an old password');
  });

  it('changing the password and signing out the other sessions revoke every API token, and say how many', async () => {
    const { client, profile } = await signUp(server.base);
    const id = await userId(client);
    const tokens = [(await createToken(client)).data.createApiToken.token, (await createToken(client)).data.createApiToken.token];
    const works = async (token: string) => (await new HttpClient(server.base, token).request('/api/accounts')).status;
    expect(await Promise.all(tokens.map(works))).toEqual([200, 200]);
    const changed = await client.graphql(
      'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { signedOutSessions revokedTokens } }',
      { input: { currentPassword: profile.password, newPassword: 'a new password' } },
    );
    expect(changed.data.changePassword).toEqual({ signedOutSessions: 0, revokedTokens: 2 });
    expect(await Promise.all(tokens.map(works))).toEqual([401, 401]);
    refused.push('tokens after a password change');

    const third = (await createToken(client)).data.createApiToken.token;
    await signIn(server.base, profile.email, 'a new password');
    const signedOut = await client.request('/api/sessions/sign-out-others', { method: 'POST', json: {} });
    expect([signedOut.status, await signedOut.json()]).toEqual([200, { signedOut: 1, revokedTokens: 1 }]);
    expect(await works(third)).toBe(401);
    expect(await tokenCount(id)).toBe(0);
    await createToken(client);
    const graphql = await client.graphql('mutation { signOutOtherSessions { signedOut revokedTokens } }');
    expect(graphql.data.signOutOtherSessions).toEqual({ signedOut: 0, revokedTokens: 1 });
    refused.push('tokens after signing out the other sessions (REST, GraphQL)');
  });

  it('RECENT_SIGN_IN_MINUTES=0 asks every time', async () => {
    const strict = await startTestServer({ env: { RECENT_SIGN_IN_MINUTES: '0' } });
    try {
      const { client, profile } = await signUp(strict.base);
      expect(await createToken(client)).toMatchObject(confirmRefusal());
      expect((await createToken(client, profile.password)).data.createApiToken.token).toMatch(/^bgt_/);
    } finally {
      await strict.close();
    }
  });
});
