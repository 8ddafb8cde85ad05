import { printSchema } from 'graphql';
import { schema } from './schema.ts';

/** schema.graphql as printed from the Pothos schema (committed; a test keeps them equal). */
export function printedSchema() {
  return `${printSchema(schema).trim()}\n`;
}
