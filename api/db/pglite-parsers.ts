import type { PGlite, ParserOptions, QueryOptions, Transaction } from '@electric-sql/pglite';

/**
 * PGlite as Prisma's adapter is given it. The adapter sends its own type parsers with every
 * statement, and PGlite then copies its whole table of parsers (~320) into a new object to merge
 * them in, for every statement: the more statements a request sends, the more it costs
 * (docs/performance.md#prismas-parsers-merged-once-pglite). Here the adapter's parsers go into
 * PGlite's own table the first time they come, and its statements are sent without them; they are
 * parsed exactly as before. The app's own statements (migrations, backups) then ask for `defaults`, the table
 * PGlite had before.
 */
export function adapterView(pglite: PGlite): { forAdapter: PGlite; defaults: ParserOptions } {
  const defaults = { ...pglite.parsers };
  let installed: ParserOptions | undefined;
  const withoutParsers = (options?: QueryOptions): QueryOptions | undefined => {
    if (!options?.parsers) return options;
    if (!installed) {
      Object.assign(pglite.parsers, options.parsers);
      installed = options.parsers;
    }
    // Another set than the one installed (the adapter has only one) is merged per statement, as PGlite does.
    if (options.parsers !== installed) return options;
    const { parsers: _, ...rest } = options;
    return rest;
  };
  const transactionView = (tx: Transaction): Transaction =>
    withQuery(tx, (sql, params, options) => tx.query(sql, params, withoutParsers(options)));
  const forAdapter = withQuery(pglite, (sql, params, options) => pglite.query(sql, params, withoutParsers(options)), {
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) => pglite.transaction((tx) => fn(transactionView(tx))),
  });
  return { forAdapter, defaults };
}

type Query = <T>(sql: string, params?: unknown[], options?: QueryOptions) => Promise<{ rows: T[] }>;

/** `target` with its `query` (and any of `more`) replaced; every other member is the target's own, bound to it. */
function withQuery<O extends object>(target: O, query: Query, more: Record<string, unknown> = {}): O {
  const replaced: Record<string | symbol, unknown> = { query, ...more };
  return new Proxy(target, {
    get(object, key) {
      if (key in replaced) return replaced[key];
      const value: unknown = Reflect.get(object, key, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}
