import { ValidationError } from './errors.ts';

/**
 * Opaque page cursors (docs/product.md#rest-api): base64url of a list's name and the parts that
 * position a page in it (a row id, or a sort key). A cursor of another list, or anything that is
 * not a cursor, is `Invalid cursor`.
 */

const INVALID_CURSOR = 'Invalid cursor';

/** A cursor of `list` holding the parts that position a page (a row id, or a sort key). */
export function encodeCursor(list: string, ...parts: string[]) {
  return Buffer.from(JSON.stringify([list, ...parts])).toString('base64url');
}

/** The answer to a cursor that is not one of the list's. */
export const invalidCursor = () => new ValidationError([{ path: ['cursor'], message: INVALID_CURSOR }]);

/** The `count` parts of a cursor made by this list; anything else is `400 Invalid cursor`. */
export function decodeCursorParts(list: string, cursor: string, count: number): string[] {
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error();
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === count + 1 &&
      parsed[0] === list &&
      parsed.slice(1).every((part) => typeof part === 'string' && part)
    )
      return parsed.slice(1) as string[];
  } catch {
    // falls through to the error below
  }
  throw invalidCursor();
}

/** The row id of a cursor made by this list; anything else is `400 Invalid cursor`. */
export function decodeCursor(list: string, cursor: string): string {
  return decodeCursorParts(list, cursor, 1)[0]!;
}
