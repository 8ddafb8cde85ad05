import fs from 'node:fs';
import path from 'node:path';
import type { ReadStream } from 'node:fs';
import { text } from 'node:stream/consumers';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { spool } from './spooled-file.ts';

const fileOf = (stream: unknown) => String((stream as ReadStream).path);
/** Whether `dir` is gone within a second (its removal follows the stream's close). */
async function removed(dir: string) {
  for (let i = 0; i < 100 && fs.existsSync(dir); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return !fs.existsSync(dir);
}

describe('spooled files', () => {
  it('read back what was written, readable by the server alone, and are removed once read', async () => {
    const stream = await spool(async (append) => {
      for (let i = 0; i < 3; i++) await append(`part ${i};`);
    });
    const file = fileOf(stream);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    const closed = once(stream, 'close');
    expect(await text(stream)).toBe('part 0;part 1;part 2;');
    await closed;
    expect(await removed(path.dirname(file))).toBe(true);
  });

  it('are removed when the reading stops early, and when the writing fails', async () => {
    const stream = await spool((append) => append('x'.repeat(1_000_000)));
    const file = fileOf(stream);
    const closed = once(stream, 'close');
    stream.destroy();
    await closed;
    expect(await removed(path.dirname(file))).toBe(true);

    // The file this process has open while the writing runs (Linux: its descriptors name their files).
    let open = '';
    await expect(
      spool(async (append) => {
        await append('half');
        open = fs
          .readdirSync('/proc/self/fd')
          .map((fd) => {
            try {
              return fs.readlinkSync(`/proc/self/fd/${fd}`);
            } catch {
              return '';
            }
          })
          .find((target) => target.includes('budget-spool-'))!;
        throw new Error('the read failed');
      }),
    ).rejects.toThrow('the read failed');
    expect(open).toMatch(/budget-spool-/);
    expect(fs.existsSync(path.dirname(open))).toBe(false);
  });
});
