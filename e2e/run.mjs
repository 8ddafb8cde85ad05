// Runs the Playwright browser tests in the system Chromium. Without Chromium they are skipped
// loudly, except in CI (CI=true), where a missing browser is a failure.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = [
    '',
    '!!! BROWSER TESTS SKIPPED: no Chromium at ' + chromium,
    '!!! Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu),',
    '!!! or point CHROMIUM_PATH at a Chromium or Chrome binary, then run `npm run test:e2e`.',
    '',
  ].join('\n');
  if (process.env.CI === 'true') {
    console.error(message.replaceAll('SKIPPED', 'CANNOT RUN (CI)'));
    process.exit(1);
  }
  console.warn(message);
  process.exit(0);
}
// The tests drive the built app (web and server bundle): build it when it is missing.
if (!existsSync('dist/web/index.html') || !existsSync('dist/server.js')) {
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
