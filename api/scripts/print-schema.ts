// npm run schema: writes schema.graphql from the code-first schema (the Relay compiler reads it).
import fs from 'node:fs';
import path from 'node:path';
import { printedSchema } from '../graphql/print-schema.ts';

const file = path.resolve(import.meta.dirname, '../../schema.graphql');
const next = printedSchema();
if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== next) {
  fs.writeFileSync(file, next);
  console.log('schema.graphql updated');
}
