import { z } from 'zod';
import { ACCOUNT_TYPES } from '../enums.ts';

/** Bank connections (SimpleFIN Bridge): docs/product.md#bank-sync. */

export const connectBankInput = z
  .object({
    setupToken: z
      .string({ message: 'Paste the setup token from your SimpleFIN Bridge' })
      .trim()
      .min(1, 'Paste the setup token from your SimpleFIN Bridge')
      .max(2048, 'A setup token is at most 2048 characters'),
  })
  .strict();

/**
 * Which of the user's accounts each of the bridge's accounts syncs into: an account's id, null
 * (not synced), or `createAccount` (a new account named after the bridge's, starting at its balance).
 */
const link = z
  .object({
    remoteId: z.string({ message: 'remoteId must be the id of one of the connection’s accounts' }).min(1).max(255),
    accountId: z.string({ message: 'Account must be an account id' }).max(100).nullable().optional(),
    createAccount: z
      .object({ type: z.enum(ACCOUNT_TYPES, { message: 'Type must be one of: checking, savings, credit, cash, investment' }) })
      .strict()
      .optional(),
  })
  .strict()
  .refine((l) => (l.accountId === undefined) !== (l.createAccount === undefined), {
    message: 'Give either accountId (an account id, or null) or createAccount',
    path: ['accountId'],
  });

export const MAX_LINKS = 1000;
export const LINKS_MESSAGE = `At most ${MAX_LINKS} links`;

export const linkBankAccountsInput = z
  .object({
    links: z
      .array(link, { message: 'links must be a list' })
      .min(1, 'Give at least one link')
      .max(MAX_LINKS, LINKS_MESSAGE)
      .refine((links) => new Set(links.map((l) => l.remoteId)).size === links.length, 'Each remoteId once'),
  })
  .strict();
