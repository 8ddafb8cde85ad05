import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes `value` under `key` in the results file `outFile` (bench/results-<database>.json), the
 * other keys kept: a run of its own (households, costs) beside the full benchmark's figures.
 */
export function keepInResults(outFile: string, key: string, value: object) {
  const previous = fs.existsSync(outFile) ? JSON.parse(fs.readFileSync(outFile, 'utf8')) : { database: 'postgres' };
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, JSON.stringify({ ...previous, [key]: { at: new Date().toISOString(), ...value } }, null, 2));
  console.log(`Wrote ${path.relative(process.cwd(), outFile)} (${key})`);
}
