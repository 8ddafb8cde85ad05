import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Money is decimal end to end (DECISIONS.md): no float conversion may touch a money value.
// This scans the source for parseFloat/Number()/parseInt/unary plus/toFixed-on-number applied to
// anything named like money, so a float cannot slip into the money path unnoticed.
const root = path.resolve(import.meta.dirname, '../..');
const MONEY = /(amount|balance|money|total|income|spent|allocated|remaining|savings|target|current|price|sum)/i;
const FLOAT_CALL = /\b(parseFloat|Number|parseInt|Math\.round)\s*\(([^)]*)\)/g;
const UNARY_PLUS = /(?:^|[=(,:?]\s*)\+\s*([A-Za-z_$][\w$.?]*)/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['generated', '__generated__', 'node_modules'].includes(entry.name) ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

export function findFloatMoney(source: string): string[] {
  const hits: string[] = [];
  source.split('\n').forEach((line, i) => {
    // A documented exception carries `float-ok:` and its reason on the same line (chart geometry).
    if (line.trim().startsWith('//') || line.includes('float-ok:')) return;
    for (const m of line.matchAll(FLOAT_CALL)) if (MONEY.test(m[2]!)) hits.push(`${i + 1}: ${line.trim()}`);
    for (const m of line.matchAll(UNARY_PLUS)) if (MONEY.test(m[1]!)) hits.push(`${i + 1}: ${line.trim()}`);
  });
  return hits;
}

describe('no float on the money path', () => {
  it('finds the patterns it is meant to find', () => {
    expect(findFloatMoney('const x = parseFloat(input.amount);')).toHaveLength(1);
    expect(findFloatMoney('total += Number(row.balance)')).toHaveLength(1);
    expect(findFloatMoney('const v = +tx.amount;')).toHaveLength(1);
    expect(findFloatMoney('const n = Number(args.first);')).toHaveLength(0);
  });

  it('holds for every source file of the API and the web app', () => {
    const offenders = [...sourceFiles(path.join(root, 'api')), ...sourceFiles(path.join(root, 'web/src')), ...sourceFiles(path.join(root, 'bench'))]
      .flatMap((file) => findFloatMoney(fs.readFileSync(file, 'utf8')).map((hit) => `${path.relative(root, file)}:${hit}`));
    expect(offenders).toEqual([]);
  });
});
