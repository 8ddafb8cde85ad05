import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Text written once, then read once as a stream: what must be read whole before its client takes
 * it (an export read in one database snapshot) waits on disk, not in memory nor in a transaction
 * held open for as long as a slow client reads. The file is the server's alone (a folder of mode
 * 700 in the system's temporary folder) and is removed once read, or when the reading stops early.
 */
export async function spool(write: (append: (text: string) => Promise<void>) => Promise<void>): Promise<Readable> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'budget-spool-'));
  const remove = () => fs.rm(dir, { recursive: true, force: true });
  const file = path.join(dir, 'spool');
  try {
    const handle = await fs.open(file, 'wx', 0o600);
    try {
      await write(async (text) => void (await handle.write(text)));
    } finally {
      await handle.close();
    }
  } catch (err) {
    await remove();
    throw err;
  }
  const stream = createReadStream(file);
  stream.once('close', () => void remove());
  return stream;
}
