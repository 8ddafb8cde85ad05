// npm run build:server: the server as one ES module, dist/server.js, with the packages left in
// node_modules. It starts faster and holds less memory than the sources run with tsx, which compiles
// them in the process.
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { projectRoot } from '../lib/project-root.ts';

export const serverBundle = path.join(projectRoot, 'dist', 'server.js');
const compilerFile = 'query-compiler.wasm';

/**
 * Prisma's query compiler read from a .wasm file beside the bundle. The generated client imports
 * it as a module holding it in base64, which the process then kept twice for its whole life (the
 * module's source and the string it exports, ~9 MB of heap: docs/performance.md#memory).
 */
function queryCompilerFromFile(): Plugin {
  const loader =
    /getQueryCompilerWasmModule: async \(\) => \{\s*const \{ wasm \} = await import\("([^"]+\.wasm-base64\.mjs)"\)\s*return await decodeBase64AsWasm\(wasm\)\s*\}/;
  return {
    name: 'query-compiler-from-file',
    setup(b) {
      b.onLoad({ filter: /generated[\\/]prisma[\\/]internal[\\/]class\.ts$/ }, async (args) => {
        const source = await fs.promises.readFile(args.path, 'utf8');
        const found = loader.exec(source);
        if (!found)
          throw new Error(`${args.path}: Prisma's query compiler is no longer loaded as this build expects; see ${import.meta.filename}`);
        const { wasm } = (await import(found[1]!)) as { wasm: string };
        await fs.promises.writeFile(path.join(path.dirname(serverBundle), compilerFile), Buffer.from(wasm, 'base64'));
        const fromFile = `getQueryCompilerWasmModule: async () => new WebAssembly.Module(await (await import('node:fs/promises')).readFile(new URL('./${compilerFile}', import.meta.url)))`;
        return { contents: source.replace(loader, fromFile), loader: 'ts' };
      });
    },
  };
}

export async function buildServer() {
  await fs.promises.mkdir(path.dirname(serverBundle), { recursive: true });
  await build({
    entryPoints: [path.join(projectRoot, 'api', 'server.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    // Stack traces need only the map's positions: node keeps a loaded map whole for the process's
    // life, and the sources in it were 2.5 MB of the server's heap (docs/performance.md#memory).
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [queryCompilerFromFile()],
  });
  // V8 keeps a module's source for the process's life, at two bytes a character if one of them is
  // beyond Latin-1 (the bundle's 1.1 MB then took 2.2). esbuild escapes strings, not regular
  // expressions: write those with \u escapes.
  const wide = /[\u0100-\uffff]/.exec(await fs.promises.readFile(serverBundle, 'utf8'));
  if (wide) throw new Error(`${serverBundle} holds "${wide[0]}" (in a regular expression?): write it as a \\u escape`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await buildServer();
