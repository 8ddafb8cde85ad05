import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type HttpClient } from '../../test/sign-in.ts';
import { startTestServer } from '../../test/test-server.ts';

// The import mutations carry a file: GraphQL takes bodies past 1 MB for them alone (docs/product.md#import).
let server: Awaited<ReturnType<typeof startTestServer>>;
let client: HttpClient;
beforeAll(async () => {
  server = await startTestServer();
  client = (await signUp(server.base)).client;
});
afterAll(() => server?.close());

const rows = Array.from(
  { length: 40_000 },
  (_, i) => `2024-01-${String((i % 28) + 1).padStart(2, '0')},Shop number ${i},-${(i % 500) + 1}.25`,
);
const content = `Date,Description,Amount\n${rows.join('\n')}\n`;

describe('GraphQL body limits for an import', () => {
  it('previews a file of more than 1 MB, and refuses as large a body for anything else', async () => {
    expect(content.length).toBeGreaterThan(1_100_000);
    const preview = await client.graphql(
      'mutation($input: PreviewImportInput!) { previewImport(input: $input) { format rows { index } } }',
      { input: { fileName: 'big.csv', content } },
    );
    expect(preview.errors).toBeUndefined();
    expect(preview.data.previewImport.rows).toHaveLength(40_000);
    const other = await client.graphql('mutation($n: String!) { addBudgetCategory(input: { name: $n, type: bills }) { __typename } }', {
      n: content,
    });
    expect(other.status).toBe(413);
    expect(other.errors?.[0]?.message).toBe('Request body too large: 1 MB at most');
    const mixed = await client.graphql(
      'mutation($input: PreviewImportInput!) { previewImport(input: $input) { format } addBudgetCategory(input: { name: "x", type: bills }) { __typename } }',
      { input: { fileName: 'big.csv', content } },
    );
    expect(mixed.status).toBe(413);
  });
});
