import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from '../lib/startup-error.ts';

/**
 * PGlite has no cross-process lock, and two processes writing one folder corrupt it.
 * A pid file guards the folder: a live owner makes a second start refuse; a dead owner
 * (a crash, a SIGKILL) leaves a stale file that the next start takes over.
 */
export function acquireDataDirLock(dataDir: string): () => Promise<void> {
  const file = path.join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return async () => {
        if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readPid(file);
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
        throw new StartupError(
          `The data folder ${dataDir} is in use by another running server (pid ${owner}). ` +
            'Stop that server first, or set DATA_DIR to another folder.',
        );
      }
      fs.rmSync(file, { force: true }); // stale: its owner is gone
    }
  }
  throw new StartupError(`Could not lock the data folder ${dataDir}; another server is starting on it.`);
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
