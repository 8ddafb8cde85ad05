import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Browser tests run the built app (npm run build) on a fresh embedded database, in the system Chromium.
const port = Number(process.env.E2E_PORT ?? 3999);
const baseURL = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // Every test signs up a user of its own, so two run at once (on a 2-core machine: 7.0 → 5.6 min).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Hang guards, not speed checks (those are in `npm run bench`): on a busy 2-core host, two
  // browsers at once take over a minute for the tests that visit every screen (4 minutes for those).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --enable-source-maps dist/server.js',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Every test signs up its own users from this one address.
    env: { NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseURL, SIGN_IN_ATTEMPTS_PER_ADDRESS: '1000' },
  },
});
