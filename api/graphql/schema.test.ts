import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { printedSchema } from './print-schema.ts';

describe('schema.graphql', () => {
  it('is the schema the code builds (run `npm run schema` after changing it)', () => {
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, '../../schema.graphql'), 'utf8');
    expect(committed).toBe(printedSchema());
  });
});
