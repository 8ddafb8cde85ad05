import type { AccountType } from '../../../shared/enums.ts';
import type { Movement } from '../../../shared/inputs/imports.ts';
import type { FileRow } from './cells.ts';

/**
 * What an imported row is (docs/product.md#money-movement): a card's payment and a move between
 * the user's own accounts are transfers; money in on a credit card is a refund; other money in is
 * income, other money out an expense. Pure text work.
 */

/** Which way a row moves its account's money: out (an expense's sign) or in. */
export type Direction = 'out' | 'in';
export const directionOf = (row: Pick<FileRow, 'kind'>): Direction => (row.kind === 'paycheck' ? 'in' : 'out');

/** The movements each direction can be: a row's money never changes sides. */
export const MOVEMENTS_OF: Record<Direction, readonly Movement[]> = {
  out: ['expense', 'transfer'],
  in: ['refund', 'income', 'transfer'],
};

/** A card's payment as banks write it, on either side ("Payment Thank You-Mobile", "CHASE CREDIT CRD EPAY", "AUTOPAY"). */
const CARD_PAYMENT = /payment\s*-?\s*thank\s*you|\bauto\s?pay\b|\be-?pay\b|\bcrd\s+epay\b|credit\s+card\s+payment/i;
/** A move between one's own accounts ("Online Banking transfer to SAV", "Transfer from CHK", "Zelle to self", "Umbuchung"). */
const OWN_TRANSFER = /\btransfer\s+(to|from)\b|\bxfer\b|\bzelle\b.*\bself\b|\bumbuchung\b|\bübertrag\b/i;

export const isCardPayment = (description: string) => CARD_PAYMENT.test(description);
export const looksLikeTransfer = (description: string) => CARD_PAYMENT.test(description) || OWN_TRANSFER.test(description);

/** A row's movement before the user changes it. */
export function defaultMovement(row: Pick<FileRow, 'kind' | 'description'>, accountType: string | null): Movement {
  return looksLikeTransfer(row.description) ? 'transfer' : plainMovement(row, accountType);
}

/** What a row is when it is not a transfer: money out an expense; money in a refund on a credit card, else income. */
export function plainMovement(row: Pick<FileRow, 'kind'>, accountType: string | null): Exclude<Movement, 'transfer'> {
  if (directionOf(row) === 'out') return 'expense';
  return accountType === ('credit' satisfies AccountType) ? 'refund' : 'income';
}

export interface AccountInfo {
  id: string;
  name: string;
  type: string;
}

/** Abbreviations banks write for account types ("transfer to SAV", "from CHK", "CRD EPAY"). */
const TYPE_WORDS: [RegExp, AccountType][] = [
  [/\b(sav|savings?|spar\w*)\b/i, 'savings'],
  [/\b(chk|chking|checking|dda|giro\w*)\b/i, 'checking'],
  [/\b(crd|card|credit)\b/i, 'credit'],
];

/**
 * The other account a transfer row most likely moves money with, or null when unclear: the one
 * account the description names (by name, else by a type's abbreviation); else, for a card's
 * payment, the one checking account (on the card) or the one credit card (elsewhere); else the one
 * other account.
 */
export function guessTransferAccount(description: string, account: AccountInfo, accounts: readonly AccountInfo[]): string | null {
  const others = accounts.filter((a) => a.id !== account.id);
  const only = (list: readonly AccountInfo[]) => (list.length === 1 ? list[0]!.id : null);
  const text = description.toLowerCase();
  const named = others.filter((a) => a.name.trim().length >= 3 && text.includes(a.name.trim().toLowerCase()));
  if (named.length === 1) return named[0]!.id;
  for (const [word, type] of TYPE_WORDS) {
    if (type === account.type || !word.test(description)) continue;
    const typed = only(others.filter((a) => a.type === type));
    if (typed) return typed;
  }
  if (isCardPayment(description)) {
    const side = only(others.filter((a) => a.type === (account.type === 'credit' ? 'checking' : 'credit')));
    if (side) return side;
  }
  return only(others);
}
