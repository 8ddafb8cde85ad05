import fs from 'node:fs';

export const src = './web/src';
export const schema = './schema.graphql';
export const language = 'typescript';
export const artifactDirectory = './web/src/__generated__';
export const eagerEsModules = true;
export const customScalarTypes = { Money: 'string', Date: 'string', DateTime: 'string', JSON: 'unknown' };

// The web app sends each operation's id, not its text: the compiler writes id → text here, the
// server answers those ids (api/graphql/trusted-documents.ts, docs/architecture.md#trusted-documents).
// The compiler requires the file to exist before its first run; `--repersist` (npm run relay)
// writes every operation into it, not only those whose text changed since the last run.
const documents = './web/src/__generated__/persisted-documents.json';
fs.mkdirSync(artifactDirectory, { recursive: true });
if (!fs.existsSync(documents)) fs.writeFileSync(documents, '{}\n');
export const persistConfig = { file: documents, algorithm: 'SHA256' };
