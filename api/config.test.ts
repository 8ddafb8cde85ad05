import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('config', () => {
  it('has defaults that run on a fresh machine', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.attemptsPerAddress).toBe(30);
    expect(c.recentSignInMs).toBe(10 * 60_000);
    expect(loadConfig({ RECENT_SIGN_IN_MINUTES: '0' }).recentSignInMs).toBe(0);
    expect(c.bankSyncMs).toBe(6 * 3_600_000);
    expect(c.encryptionKey).toBeUndefined();
    expect(loadConfig({ BANK_SYNC_HOURS: '24' }).bankSyncMs).toBe(24 * 3_600_000);
    // No SMTP_URL: no e-mail at all (docs/operations.md#e-mail).
    expect(c.mail).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com:587', PUBLIC_URL: 'https://budget.example.com' }).mail).toEqual({
      smtpUrl: 'smtp://mail.example.com:587',
      from: 'Budget <budget@budget.example.com>',
    });
  });

  it('explains every bad value in one line', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(
      /^Invalid configuration: PORT: PORT must be a number; DATABASE_URL: DATABASE_URL must start with postgresql:\/\//,
    );
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(/OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ SIGN_IN_ATTEMPTS_PER_ADDRESS: '0' })).toThrow(/SIGN_IN_ATTEMPTS_PER_ADDRESS must be at least 1/);
    expect(() => loadConfig({ RECENT_SIGN_IN_MINUTES: '-1' })).toThrow(/RECENT_SIGN_IN_MINUTES must be between 0 and 1440/);
    expect(() => loadConfig({ ENCRYPTION_KEY: 'short' })).toThrow(/ENCRYPTION_KEY must be at least 32 characters/);
    expect(() => loadConfig({ BANK_SYNC_HOURS: '0' })).toThrow(/BANK_SYNC_HOURS must be between 1 and 168/);
    expect(() => loadConfig({ BANK_SYNC_HOURS: 'often' })).toThrow(/BANK_SYNC_HOURS must be a number/);
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
  });
});
