// relay-compiler's own --watch needs watchman; this reruns it when a source file under web/src changes.
import { spawnSync } from 'node:child_process';
import { watch } from 'node:fs';

const compile = () => spawnSync('npx', ['relay-compiler'], { stdio: 'inherit' });
let timer;
compile();
watch('web/src', { recursive: true }, (_event, file) => {
  if (!file || file.includes('__generated__') || !/\.(ts|tsx)$/.test(file)) return;
  clearTimeout(timer);
  timer = setTimeout(compile, 150);
});
console.log('relay: watching web/src');
