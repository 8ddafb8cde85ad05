import path from 'node:path';
import { z } from 'zod';
import { StartupError } from './lib/startup-error.ts';

/** Typed configuration read from the environment, validated once at start-up. */
export type Config = z.infer<typeof configSchema>;

const optionalFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ message: 'PORT must be a number' })
      .int()
      .min(0, 'PORT must be between 0 and 65535')
      .max(65535, 'PORT must be between 0 and 65535')
      .default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgresql:// (for example postgresql://user:pass@host:5432/db)')
      .optional(),
    PUBLIC_URL: z.url({ message: 'PUBLIC_URL must be a full URL such as https://budget.example.com' }).optional(),
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    ENCRYPTION_KEY: z.string().min(32, 'ENCRYPTION_KEY must be at least 32 characters').optional(),
    BANK_SYNC_HOURS: z.coerce
      .number({ message: 'BANK_SYNC_HOURS must be a number' })
      .min(1, 'BANK_SYNC_HOURS must be between 1 and 168')
      .max(168, 'BANK_SYNC_HOURS must be between 1 and 168')
      .default(6),
    TRUST_PROXY: z.string().optional(),
    OIDC_ISSUER: z.url({ message: 'OIDC_ISSUER must be the issuer URL of your OpenID provider' }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps:// (for example smtp://user:pass@mail.example.com:587)')
      .optional(),
    SMTP_FROM: z.string().min(3, 'SMTP_FROM must be an address such as Budget <budget@example.com>').optional(),
    SERVE_WEB: optionalFlag,
    TRUSTED_DOCUMENTS_ONLY: optionalFlag,
    SHUTDOWN_DRAIN_SECONDS: z.coerce
      .number({ message: 'SHUTDOWN_DRAIN_SECONDS must be a number' })
      .min(0, 'SHUTDOWN_DRAIN_SECONDS must be between 0 and 60')
      .max(60, 'SHUTDOWN_DRAIN_SECONDS must be between 0 and 60')
      .default(0),
    SIGN_IN_ATTEMPTS_PER_ADDRESS: z.coerce
      .number({ message: 'SIGN_IN_ATTEMPTS_PER_ADDRESS must be a number' })
      .int()
      .min(1, 'SIGN_IN_ATTEMPTS_PER_ADDRESS must be at least 1')
      .default(30),
    RECENT_SIGN_IN_MINUTES: z.coerce
      .number({ message: 'RECENT_SIGN_IN_MINUTES must be a number' })
      .int('RECENT_SIGN_IN_MINUTES must be a whole number')
      .min(0, 'RECENT_SIGN_IN_MINUTES must be between 0 and 1440')
      .max(1440, 'RECENT_SIGN_IN_MINUTES must be between 0 and 1440')
      .default(10),
  })
  .superRefine((env, ctx) => {
    if (env.OIDC_ISSUER && (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_CLIENT_ID'],
        message: 'OIDC_ISSUER is set: OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required too',
      });
    }
  });

/** Reads the configuration; throws a StartupError whose message is one line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const blankToUndefined = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
  const parsed = configSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`);
    throw new StartupError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const c = parsed.data;
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '');
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    publicUrl,
    sessionSecret: c.SESSION_SECRET,
    /** What secrets kept at rest are sealed with (api/lib/encryption.ts); by default the session secret. */
    encryptionKey: c.ENCRYPTION_KEY,
    /** Hours between two scheduled syncs of a bank connection (docs/product.md#bank-sync). */
    bankSyncMs: c.BANK_SYNC_HOURS * 3_600_000,
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    oidc: c.OIDC_ISSUER ? { issuer: c.OIDC_ISSUER, clientId: c.OIDC_CLIENT_ID!, clientSecret: c.OIDC_CLIENT_SECRET! } : undefined,
    redisUrl: c.REDIS_URL,
    /** Reminders by e-mail (docs/operations.md#e-mail): none without SMTP_URL. */
    mail: c.SMTP_URL ? { smtpUrl: c.SMTP_URL, from: c.SMTP_FROM ?? `Budget <budget@${new URL(publicUrl).hostname}>` } : undefined,
    /** Serve the built web app from dist/web: by default when it has been built. */
    serveWeb: c.SERVE_WEB,
    /** Seconds a stopping process keeps serving while not ready, so a load balancer takes it out first. */
    drainSeconds: c.SHUTDOWN_DRAIN_SECONDS,
    /** Sign-in and sign-up attempts one client address may make per 15 minutes (each kind). */
    attemptsPerAddress: c.SIGN_IN_ATTEMPTS_PER_ADDRESS,
    /**
     * How long after signing in a session may turn two-factor sign-in on or off, create an API
     * token or delete the account without giving its password again (0: it always asks).
     */
    recentSignInMs: c.RECENT_SIGN_IN_MINUTES * 60_000,
    /** GraphQL signed in by a browser session runs the web app's own operations only (API tokens: any). */
    trustedDocumentsOnly: c.TRUSTED_DOCUMENTS_ONLY ?? false,
  };
}

export type AppConfig = ReturnType<typeof loadConfig>;

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined) return false;
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value; // a list of addresses/subnets, as Express accepts
}
