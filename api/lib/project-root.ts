import fs from 'node:fs';
import path from 'node:path';

/**
 * The project's folder (where package.json is), found from this file: the same from the sources
 * (run with tsx) and from the bundled server (dist/server.js).
 */
function findRoot(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot(import.meta.dirname);
