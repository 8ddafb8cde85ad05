// npm run dev: keeps the generated code in step while you edit.
// - The API's code (api/, shared/) changed: reprint schema.graphql (npm run schema).
// - schema.graphql (so reprinted, or edited), relay.config.js or a source under web/src changed:
//   recompile the Relay artifacts (relay-compiler's own --watch needs watchman).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, watch } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', '__generated__', 'generated']);

/**
 * Calls `onChange(file)` for each changed path under `dir`, watching every folder on its own:
 * fs.watch's `recursive` (Node 20 on Linux) loses a file once an editor saves it by renaming a
 * temporary file over it.
 */
function watchTree(dir, onChange) {
  const watched = new Set();
  const add = (folder) => {
    if (watched.has(folder)) return;
    try {
      const watcher = watch(folder, (_event, name) => {
        if (!name) return;
        const file = path.join(folder, name.toString());
        if (!SKIP.has(name.toString()) && isFolder(file)) add(file);
        onChange(file);
      });
      watcher.on('error', () => {
        watcher.close();
        watched.delete(folder);
      });
      watched.add(folder);
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        if (entry.isDirectory() && !SKIP.has(entry.name)) add(path.join(folder, entry.name));
      }
    } catch {
      // removed meanwhile
    }
  };
  add(dir);
}

function isFolder(file) {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

function debounce(fn, ms) {
  let timer;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(fn, ms);
  };
}

const compileRelay = debounce(() => spawnSync('npx', ['relay-compiler', '--repersist'], { cwd: root, stdio: 'inherit' }), 150);

// One `npm run schema` at a time; a change made while it runs prints once more afterwards.
let printing = false;
let printAgain = false;
function printSchema() {
  if (printing) {
    printAgain = true;
    return;
  }
  printing = true;
  const child = spawn('npm', ['run', '--silent', 'schema'], { cwd: root, stdio: 'inherit' });
  child.on('exit', (code) => {
    printing = false;
    if (code) console.error('codegen: schema.graphql not reprinted (the API code does not load); waiting for the next change');
    if (printAgain) {
      printAgain = false;
      printSchema();
    }
  });
}
const reprintSchema = debounce(printSchema, 300);

const isSource = (file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file);
for (const dir of ['api', 'shared']) {
  watchTree(path.join(root, dir), (file) => {
    if (isSource(file) && !file.split(path.sep).includes('test')) reprintSchema();
  });
}
watchTree(path.join(root, 'web', 'src'), (file) => {
  if (isSource(file)) compileRelay();
});
let schema = readFileSync(path.join(root, 'schema.graphql'), 'utf8');
watch(root, (_event, name) => {
  if (name === 'relay.config.js') compileRelay();
  if (name !== 'schema.graphql') return;
  let next;
  try {
    next = readFileSync(path.join(root, 'schema.graphql'), 'utf8');
  } catch {
    return; // being replaced
  }
  if (next === schema) return;
  schema = next;
  compileRelay();
});
console.log('codegen: watching api/ and shared/ (schema.graphql), web/src, schema.graphql and relay.config.js (Relay)');
