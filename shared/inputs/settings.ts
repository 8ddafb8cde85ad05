import { z } from 'zod';
import { nameSchema, optional } from '../validation.ts';

/** Settings (docs/product.md#settings): profile, password, two-factor sign-in, API tokens, deleting the account. */

const noNul = (s: string) => !s.includes('\u0000');

/** A first or last name of the built-in sign-in (as its sign-up page asks). */
export const personNameSchema = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`)
    .refine(noNul, `${label} must not contain NUL characters`);

export const updateProfileInput = z.object({ firstName: personNameSchema('First name'), lastName: personNameSchema('Last name') }).strict();

/** A password of the built-in sign-in (as its sign-up page asks). */
export const newPasswordSchema = z
  .string({ message: 'Password must be at least 8 characters' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters');

export const changePasswordInput = z
  .object({
    currentPassword: z.string({ message: 'Enter your current password' }).min(1, 'Enter your current password').max(200),
    newPassword: newPasswordSchema,
  })
  .strict();

/**
 * The current password, which the operations that could take an account over (two-factor on or
 * off, a new API token, deleting the account) ask for again once the sign-in is not recent
 * (docs/security.md#confirming-who-is-asking). Blank or missing: not given.
 */
const currentPasswordField = optional(
  z.string({ message: 'Enter your current password' }).max(200, 'Password must be at most 200 characters'),
);

/** A code from the authenticator app (6 digits) or a recovery code (xxxxx-xxxxx); spaces are ignored. */
export const twoFactorCodeSchema = z
  .string({ message: 'Enter the 6-digit code from your app or a recovery code' })
  .transform((s) => s.replace(/\s+/g, '').toLowerCase())
  .refine((s) => /^\d{6}$/.test(s) || /^[a-z2-7]{5}-?[a-z2-7]{5}$/.test(s), 'Enter the 6-digit code from your app or a recovery code');

export const twoFactorCodeInput = z.object({ code: twoFactorCodeSchema, password: currentPasswordField }).strict();

export const TOKEN_LIFETIMES = [30, 90, 365] as const;

export const createApiTokenInput = z
  .object({
    name: nameSchema(100),
    access: z.enum(['read', 'write'], { message: 'Access must be read or write' }),
    /** Days until the token stops working; null or missing: it never expires. */
    expiresInDays: z
      .union([z.literal(30), z.literal(90), z.literal(365)], { message: 'Expiry must be 30, 90 or 365 days, or none' })
      .nullable()
      .optional(),
    password: currentPasswordField,
  })
  .strict();

export const deleteAccountInput = z
  .object({
    confirmation: z.string({ message: 'Type your email to confirm' }).trim().min(1, 'Type your email to confirm').max(300),
    password: currentPasswordField,
  })
  .strict();
