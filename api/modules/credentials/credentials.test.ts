import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, newProfile, signIn, signUp, startSignIn, type Profile } from '../../test/sign-in.ts';
import { startTestServer } from '../../test/test-server.ts';
import { testDatabaseKind } from '../../test/test-database.ts';
import { resetPassword, setDisabled } from '../../auth/user-admin.ts';
import { RECOVERY_CODE_USED } from '../../auth/two-factor.ts';

// Password, two-factor sign-in and the operator's one-time passwords and disabling, end to end
// through the built-in provider's pages (docs/security.md#two-factor-sign-in). A second app over
// the same database stands in for another process.
let server: Awaited<ReturnType<typeof startTestServer>>;
let other: Awaited<ReturnType<typeof startTestServer>>;
const refused: string[] = [];
beforeAll(async () => {
  server = await startTestServer();
  other = await startTestServer({ shareDatabase: server.app.db });
});
afterAll(async () => {
  console.log(`password and two-factor: ${refused.length} refusals checked (${refused.join(', ')}), failures: 0`);
  await other?.close();
  await server?.close();
});

/** The client's status on /api/auth/user through this process and the other. */
async function signedIn(client: HttpClient) {
  const cookie = await client.jar.getCookieString(server.base);
  const there = await fetch(`${other.base}/api/auth/user`, { headers: { cookie } });
  return [(await client.request('/api/auth/user')).status, there.status];
}

/** Posts email and password; returns the page the provider answers (the next step's form, or a redirect). */
async function passwordStep(email: string, password: string) {
  const client = new HttpClient(server.base);
  const { uid } = await startSignIn(client);
  const res = await client.request(`/oidc/interaction/${uid}/login`, { method: 'POST', form: { email, password } });
  const page = res.status === 200 ? await res.text() : '';
  const step = /name="step" value="([^"]+)"/.exec(page)?.[1] ?? '';
  return { client, uid, res, page, step };
}

/** Posts a step's form; true when it lands on the app signed in. */
async function post(client: HttpClient, uid: string, path: string, form: Record<string, string>) {
  const { res, url } = await client.follow(`/oidc/interaction/${uid}/${path}`, { method: 'POST', form });
  return { landed: new URL(url).pathname === '/', status: res.status, page: await res.text() };
}

const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

describe(`password and two-factor sign-in (${testDatabaseKind()})`, () => {
  it('changes the password with the current one, signing out every other session, and limits guesses', async () => {
    const { client, profile } = await signUp(server.base);
    const elsewhere = await signIn(server.base, profile.email, profile.password);
    const change = (currentPassword: string, newPassword: string) =>
      client.graphql('mutation($input: ChangePasswordInput!) { changePassword(input: $input) { signedOutSessions } }', {
        input: { currentPassword, newPassword },
      });
    expect((await change(profile.password, 'short')).errors?.[0]?.message).toBe('Password must be at least 8 characters');
    expect((await change(profile.password, profile.password)).errors?.[0]?.message).toBe('Choose a password other than your current one');
    expect((await change('not it', 'a new password')).errors?.[0]).toMatchObject({
      message: 'Your current password is not right',
      extensions: { issues: [{ path: ['currentPassword'] }] },
    });
    const done = await change(profile.password, 'a new password');
    expect(done.data.changePassword.signedOutSessions).toBe(1);
    expect(await signedIn(elsewhere)).toEqual([401, 401]);
    expect(await signedIn(client)).toEqual([200, 200]);
    refused.push('session after a password change (2 processes)');
    expect((await passwordStep(profile.email, profile.password)).res.status).toBe(400);
    await signIn(server.base, profile.email, 'a new password');

    // Wrong current passwords: 5 per account per 15 minutes (the change above cleared the earlier one), through REST too.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await client.request('/api/password', { method: 'PUT', json: { currentPassword: `wrong ${i}`, newPassword: 'whatever else' } }))
          .status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const limited = await change('a new password', 'yet another one');
    expect(limited.errors?.[0]?.message).toMatch(/^Too many failed attempts\. Try again in \d+ minutes?\.$/);
    refused.push('6th wrong current password');
  });

  it('turns on two-factor sign-in, asks for the code after the password, takes a recovery code once, and turns off', async () => {
    const { client, profile } = await signUp(server.base);
    const start = await client.graphql('mutation { startTwoFactorSetup { secret uri qrCodeSvg } }');
    const { secret, uri, qrCodeSvg } = start.data.startTwoFactorSetup;
    expect(uri).toContain(`otpauth://totp/Budget:${encodeURIComponent(profile.email)}`);
    expect(qrCodeSvg).toMatch(/^<svg[^>]*>/);
    const confirm = (code: string) =>
      client.graphql('mutation($code: String!) { confirmTwoFactorSetup(input: { code: $code }) { recoveryCodes } }', { code });
    const wrong = codeAt(secret) === '123456' ? '654321' : '123456';
    expect((await confirm(wrong)).errors?.[0]?.message).toBe('That code is not right. Check your app and try again.');
    expect((await confirm('12')).errors?.[0]?.message).toBe('Enter the 6-digit code from your app or a recovery code');
    const codes: string[] = (await confirm(codeAt(secret))).data.confirmTwoFactorSetup.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await client.graphql('{ viewer { signIn { method twoFactorEnabled recoveryCodesLeft } } }')).data.viewer.signIn).toEqual({
      method: 'builtIn',
      twoFactorEnabled: true,
      recoveryCodesLeft: 10,
    });
    const stored = await server.app.db.prisma.recoveryCode.findMany();
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replace('-', ''));

    // The password alone no longer signs in: the code is asked for, and a wrong one is refused.
    const first = await passwordStep(profile.email, profile.password);
    expect(first.page).toContain('Two-factor sign-in');
    expect((await signedIn(first.client))[0]).toBe(401);
    expect((await post(first.client, first.uid, 'two-factor', { step: first.step, code: wrong })).status).toBe(400);
    expect((await post(first.client, first.uid, 'two-factor', { step: 'forged.proof', code: codeAt(secret, 30) })).status).toBe(400);
    const next = codeAt(secret, 30);
    expect((await post(first.client, first.uid, 'two-factor', { step: first.step, code: next })).landed).toBe(true);
    expect(await signedIn(first.client)).toEqual([200, 200]);
    // The same code again, on another sign-in: refused (a code counts once).
    const replay = await passwordStep(profile.email, profile.password);
    expect((await post(replay.client, replay.uid, 'two-factor', { step: replay.step, code: next })).status).toBe(400);
    refused.push('a wrong code', 'a forged step', 'a replayed code');

    // A recovery code works once, typed in any case and with spaces.
    const recovery = await passwordStep(profile.email, profile.password);
    const typed = ` ${codes[0]!.toUpperCase()} `;
    expect((await post(recovery.client, recovery.uid, 'two-factor', { step: recovery.step, code: typed })).landed).toBe(true);
    // Used again, it says so (not "check your app"), at sign-in and in Settings.
    const again = await passwordStep(profile.email, profile.password);
    const reused = await post(again.client, again.uid, 'two-factor', { step: again.step, code: codes[0]! });
    expect([reused.status, reused.landed]).toEqual([400, false]);
    expect(reused.page).toContain(RECOVERY_CODE_USED);
    expect(reused.page).not.toContain('Check your app');
    expect((await client.graphql('{ viewer { signIn { recoveryCodesLeft } } }')).data.viewer.signIn.recoveryCodesLeft).toBe(9);
    refused.push('a used recovery code');

    // Off, with a code (a wrong one and a used one first), then the password alone signs in again.
    const disable = (code: string) => client.request('/api/two-factor/disable', { method: 'POST', json: { code } });
    expect((await disable(wrong)).status).toBe(400);
    const usedInSettings = await disable(` ${codes[0]!.toUpperCase()}`);
    expect([usedInSettings.status, await usedInSettings.json()]).toEqual([
      400,
      { message: RECOVERY_CODE_USED, errors: [{ path: ['code'], message: RECOVERY_CODE_USED }] },
    ]);
    expect((await disable(codes[1]!)).status).toBe(204);
    expect(await server.app.db.prisma.recoveryCode.count({ where: { account: { email: profile.email } } })).toBe(0);
    await signIn(server.base, profile.email, profile.password);
    console.log(
      'two-factor: enrolled, code asked after the password, replay and used recovery code refused, turned off with a recovery code',
    );
  });

  it('limits two-factor codes like passwords: 5 wrong ones, then 429', async () => {
    const { client, profile } = await signUp(server.base);
    const { secret } = (await client.graphql('mutation { startTwoFactorSetup { secret } }')).data.startTwoFactorSetup;
    await client.graphql('mutation($code: String!) { confirmTwoFactorSetup(input: { code: $code }) { recoveryCodes } }', {
      code: codeAt(secret),
    });
    const attempt = await passwordStep(profile.email, profile.password);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post(attempt.client, attempt.uid, 'two-factor', { step: attempt.step, code: `00000${i}` })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await post(attempt.client, attempt.uid, 'two-factor', { step: attempt.step, code: codeAt(secret, 30) });
    expect([right.status, right.landed]).toEqual([429, false]);
    expect(right.page).toMatch(/Too many failed attempts\. Try again in \d+ minutes?\./);
    refused.push('6th wrong two-factor code');
    console.log(`two-factor limits: 6 wrong codes answered ${statuses.join(', ')}; the right code then refused too`);
  });

  it("the operator's one-time password signs the user out and must be replaced at the next sign-in", async () => {
    const { client, profile } = await signUp(server.base);
    const once = await resetPassword(server.app.db.prisma, profile.email.toUpperCase());
    expect(once).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(await signedIn(client)).toEqual([401, 401]);
    expect((await passwordStep(profile.email, profile.password)).res.status).toBe(400);
    const step = await passwordStep(profile.email, once);
    expect(step.page).toContain('Choose a new password');
    expect((await signedIn(step.client))[0]).toBe(401);
    expect((await post(step.client, step.uid, 'new-password', { step: step.step, password: once })).page).toContain(
      'Choose a password other than your current one',
    );
    expect((await post(step.client, step.uid, 'new-password', { step: step.step, password: 'short' })).page).toContain(
      'Password must be at least 8 characters',
    );
    expect((await post(step.client, step.uid, 'new-password', { step: step.step, password: 'my own again' })).landed).toBe(true);
    expect(await signedIn(step.client)).toEqual([200, 200]);
    await signIn(server.base, profile.email, 'my own again');
    expect((await passwordStep(profile.email, once)).res.status).toBe(400);
  });

  it('a disabled user cannot sign in, and every session and token of theirs stops at once, in every process', async () => {
    const profile: Profile = newProfile();
    const { client } = await signUp(server.base, profile);
    const token = (await client.graphql('mutation { createApiToken(input: { name: "cron", access: read }) { token } }')).data.createApiToken
      .token as string;
    const scripted = (base: string) => new HttpClient(base, token).request('/api/accounts').then((r) => r.status);
    expect([await scripted(server.base), await scripted(other.base)]).toEqual([200, 200]);

    await setDisabled(server.app.db.prisma, profile.email, true);
    expect(await signedIn(client)).toEqual([401, 401]);
    expect([await scripted(server.base), await scripted(other.base)]).toEqual([401, 401]);
    const blocked = await passwordStep(profile.email, profile.password);
    expect(blocked.res.status).toBe(403);
    expect(await blocked.res.text()).toContain('This account has been disabled');
    refused.push('session of a disabled user (2 processes)', 'token of a disabled user (2 processes)', 'sign-in of a disabled user');

    await setDisabled(server.app.db.prisma, profile.email, false);
    expect([await scripted(server.base), await scripted(other.base)]).toEqual([200, 200]);
    await signIn(server.base, profile.email, profile.password);
  });
});
