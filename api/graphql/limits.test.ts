import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { createTestViewer, graphqlAs } from '../test/graphql-client.ts';
import { QUERY_LIMITS } from './yoga.ts';
import { operationNameOf, readTrustedDocuments } from './trusted-documents.ts';

let db: Database;
let gql: ReturnType<typeof graphqlAs>;
beforeAll(async () => {
  db = await createTestDatabase();
  gql = graphqlAs(db, await createTestViewer(db));
});
afterAll(() => db?.close());

/** Every operation the web app sends, as the Relay compiler persisted them. */
function webOperations(): { name: string; text: string }[] {
  return [...readTrustedDocuments().values()].map((text) => ({ name: operationNameOf(text) ?? 'unknown', text }));
}

describe('query limits', () => {
  it('accept every operation of the web app', async () => {
    const operations = webOperations();
    expect(operations.length).toBeGreaterThan(10);
    for (const { name, text } of operations) {
      // A subscription answers an endless stream (the web app's one is `changes { at }`).
      if (text.startsWith('subscription')) continue;
      const res = await gql(text, {});
      const refused = (res.errors ?? []).filter((e) => /limit|exceeded|depth|aliases|tokens/i.test(e.message));
      expect(refused, name).toEqual([]);
    }
  });

  it('refuse documents that are too deep, too aliased, too costly or too long, before running them', async () => {
    let deep = 'id';
    for (let i = 0; i < QUERY_LIMITS.maxDepth; i++) deep = `recurringBill { payments(first: 1) { edges { node { ${deep} } } } }`;
    deep = `{ viewer { billPayments(first: 1) { edges { node { ${deep} } } } } }`;
    const costly = `{ viewer { ${Array.from({ length: QUERY_LIMITS.maxAliases }, (_, i) => `t${i}: transactions(first: 200) { edges { node { id amount description date category { id name type allocatedAmount } } } }`).join(' ')} } }`;
    const aliases = `{ viewer { ${Array.from({ length: QUERY_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: id`).join(' ')} } }`;
    const tokens = `{ viewer { ${'id '.repeat(QUERY_LIMITS.maxTokens)} } }`;
    const documents = { deep, aliases, costly, tokens };
    for (const query of Object.values(documents)) {
      const res = await gql(query);
      // Refused in validation, before any resolver (or the database) runs: no `data` at all.
      expect(res.data, query.slice(0, 60)).toBeUndefined();
      expect(res.errors?.[0]?.message).toMatch(/limit|exceeded|aliases|tokens/i);
    }
    console.log(
      `query limits: ${Object.keys(documents).length} abusive documents (${Object.keys(documents).join(', ')}) refused before execution, failures: 0`,
    );
  });
});
