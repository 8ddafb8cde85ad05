import fs from 'node:fs';
import zlib from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import type { YogaServerInstance } from 'graphql-yoga';
import { parse as parseCookie } from 'cookie';
import { isTimeZone } from '../lib/dates.ts';
import { trustedDocumentId } from './trusted-documents.ts';
import { CHANGE_MARK_HEADER } from '../../shared/change-mark.ts';

/**
 * `/` for a signed-in browser with its first screen's data in the page (docs/performance.md#the-cold-load):
 * the user (as GET /api/auth/user answers it) and the Dashboard's and the shell's queries (as
 * POST /graphql answers them), in a `<script type="application/json">` the app reads instead of asking (web/src/boot.ts).
 * A data block is never run, so the Content Security Policy needs nothing more.
 *
 * Only when the page knows the browser's time zone (the `tz` cookie the app sets: the Dashboard's
 * month is the user's month); otherwise, and signed out, the page as built (the next handler's),
 * which asks itself.
 */

/** The element's id, which web/src/relay/first-screen.ts reads. */
const ELEMENT_ID = 'first-screen';
/** The queries of `/` (the Dashboard's, the shell's sidebar), as the web app sends them, without variables. */
const QUERIES = ['DashboardPageQuery', 'AppShellQuery'];
/** The cookie in which the app keeps the browser's time zone (web/src/relay/first-screen.ts). */
const TIME_ZONE_COOKIE = 'tz';

export interface FirstScreenOptions {
  /** The built index.html. */
  indexFile: string;
  yoga: YogaServerInstance<{ req: Request }, object>;
  /** The signed-in user as GET /api/auth/user answers it, or null. */
  user(req: Request): Promise<object | null>;
}

/** What a page's `<script type="application/json">` holds: JSON whose text cannot end the element. */
export function dataBlock(id: string, data: unknown) {
  // `<` escaped: neither `</script>` nor `<!--` can appear in the element's text; JSON.parse reads it back.
  return `<script type="application/json" id="${id}">${JSON.stringify(data).replaceAll('<', '\\u003c')}</script>`;
}

/** The response's body, brotli or gzip when the browser takes it, each part sent as it is written. */
function compressed(req: Request, res: Response): { write(text: string): void; flush(): void; end(text: string): void } {
  const encoding = req.acceptsEncodings('br', 'gzip');
  if (encoding !== 'br' && encoding !== 'gzip') return { write: (t) => res.write(t), flush: () => {}, end: (t) => res.end(t) };
  res.set('Content-Encoding', encoding);
  const zip = encoding === 'br' ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.createGzip();
  zip.pipe(res);
  return { write: (t) => zip.write(t), flush: () => zip.flush(), end: (t) => zip.end(t) };
}

function timeZoneOf(req: Request) {
  // cookie's parse leaves a value it cannot decode as written, where decodeURIComponent would throw.
  const tz = parseCookie(req.headers.cookie ?? '')[TIME_ZONE_COOKIE] ?? '';
  return isTimeZone(tz) ? tz : null;
}

export function firstScreen({ indexFile, yoga, user }: FirstScreenOptions) {
  const html = fs.readFileSync(indexFile, 'utf8');
  const at = html.indexOf('</head>');
  const head = html.slice(0, at).replace('<head>', '<head><meta name="first-screen" content="coming">');
  const rest = html.slice(at);
  const ids = QUERIES.map((name) => [name, trustedDocumentId(name)] as const);
  return async (req: Request, res: Response, next: NextFunction) => {
    const tz = timeZoneOf(req);
    const found = tz ? await user(req) : null;
    // The page as built, from the static files (its compressed copies).
    if (!found) return next();
    // One user's data: no browser or proxy keeps it.
    res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', Vary: 'Cookie, Accept-Encoding' });
    const out = compressed(req, res);
    // The page up to its scripts goes at once, so that they download while the queries run; the
    // mark tells the boot script that the data is coming (web/src/relay/first-screen.ts).
    out.write(head);
    out.flush();
    // The queries through the whole GraphQL server (trusted documents, limits, the response
    // cache), as the session that asks for the page, in its time zone.
    req.headers['x-time-zone'] = tz!;
    const answers = await Promise.all(
      ids.map(async ([name, id]) => {
        const answer = await Promise.resolve(
          yoga.fetch(
            'http://localhost/graphql',
            {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1', 'x-time-zone': tz! },
              body: JSON.stringify({ operationName: name, variables: {}, extensions: { persistedQuery: { version: 1, sha256Hash: id } } }),
            },
            { req },
          ),
        ).catch(() => null);
        // One that fails is left out: the app asks for it itself and shows what that answers.
        return answer?.ok ? [{ key: `${name}:{}`, body: await answer.json(), mark: answer.headers.get(CHANGE_MARK_HEADER) }] : [];
      }),
    ).then((all) => all.flat());
    // The earliest answer's change mark: the app's live updates ask for any change since (change-marks.ts).
    const marks = answers.flatMap(({ mark }) => (mark ? [Number(mark)] : []));
    const changeMark = marks.length ? String(Math.min(...marks)) : null;
    const queries = Object.fromEntries(answers.map(({ key, body }) => [key, body]));
    out.end(dataBlock(ELEMENT_ID, { user: found, queries, changeMark }) + rest);
  };
}
