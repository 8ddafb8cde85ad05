import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Code comments and docs point at sections of the docs (docs/performance.md and an anchor): a
// heading renamed or removed leaves them pointing at nothing. This checks every such link, in
// every file of the repository, against the headings of the file it names.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  '.git',
  'dist',
  'data',
  'generated',
  '__generated__',
  'test-results',
  'playwright-report',
  'tmp',
  'backups',
]);
const SCANNED = /\.(md|ts|tsx|js|mjs|cjs|prisma|sql|cfg|http)$/;

function repoFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return SKIPPED_FOLDERS.has(name) || name.startsWith('.data') ? [] : repoFiles(path);
    return SCANNED.test(name) ? [path] : [];
  });
}

/** The anchors GitHub gives a Markdown file's headings (github-slugger's rule; repeats get -1, -2, …). */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

interface Link {
  from: string;
  target: string;
  anchor?: string;
}

/**
 * The links of one file. Anywhere, a Markdown file named as comments and docs name them, from the
 * repository's root: a path with its folder (docs/ and the file), with or without an anchor, or a
 * file name with an anchor. In Markdown also every link `[text](target)` to a file of the
 * repository, from the file's own folder, and `(#anchor)` within the file.
 */
function linksOf(file: string, text: string): Link[] {
  const from = relative(ROOT, file);
  const links: Link[] = [];
  // Not inside a link's parentheses: those are the Markdown links below.
  const named = /(?<![\w/.:-])(?<!\]\()((?:[\w-]+\/)+[\w.-]+\.md|[\w.-]+\.md(?=#))(?:#([\w-]+))?(?![\w/-])/g;
  for (const m of text.matchAll(named)) links.push({ from, target: resolve(ROOT, m[1]!), anchor: m[2] });
  if (file.endsWith('.md')) {
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const [path = '', anchor] = m[1]!.split('#');
      if (/^[a-z]+:/i.test(path)) continue;
      links.push({ from, target: path ? resolve(dirname(file), path) : file, anchor: anchor || undefined });
    }
  }
  return links;
}

describe('links between files', () => {
  const files = repoFiles(ROOT);
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    if (!anchorsOf.has(file)) anchorsOf.set(file, headingAnchors(readFileSync(file, 'utf8')));
    return anchorsOf.get(file)!;
  };
  const exists = (path: string) => {
    try {
      statSync(path);
      return true;
    } catch {
      return false;
    }
  };

  it('finds the docs and the links to them', () => {
    const all = files.flatMap((file) => linksOf(file, readFileSync(file, 'utf8')));
    expect(files.map((f) => relative(ROOT, f))).toContain('docs/performance.md');
    // Code comments link to the docs' sections: the check below sees them.
    expect(all.some((l) => !l.from.endsWith('.md') && l.anchor)).toBe(true);
  });

  it('reads headings as GitHub names their anchors', () => {
    const md = "# Top\n## Prisma's parsers merged once (PGlite)\n```sh\n# not a heading\n```\n## What a click draws: `Reports`\n## Top\n";
    expect([...headingAnchors(md)]).toEqual(['top', 'prismas-parsers-merged-once-pglite', 'what-a-click-draws-reports', 'top-1']);
  });

  it('reads links from code from the root, Markdown links from their file', () => {
    const targets = (file: string, text: string) =>
      linksOf(join(ROOT, file), text).map((l) => `${relative(ROOT, l.target)}${l.anchor ? `#${l.anchor}` : ''}`);
    expect(
      targets('api/x.ts', '// the reason (docs/performance.md#disk), docs/decisions/README.md; not https://example.com/a.md#b'),
    ).toEqual(['docs/performance.md#disk', 'docs/decisions/README.md']);
    expect(
      targets(
        'docs/security.md',
        'see [memory](performance.md#memory), [up](../bench/PLANS.md), [here](#sessions), docs/operations.md#backups',
      ),
    ).toEqual(['docs/operations.md#backups', 'docs/performance.md#memory', 'bench/PLANS.md', 'docs/security.md#sessions']);
  });

  it('every link names a file that exists and a heading it has', () => {
    const broken = files.flatMap((file) =>
      linksOf(file, readFileSync(file, 'utf8'))
        .filter((l) => !exists(l.target) || (l.anchor !== undefined && l.target.endsWith('.md') && !anchors(l.target).has(l.anchor)))
        .map((l) => `${l.from} → ${relative(ROOT, l.target)}${l.anchor ? `#${l.anchor}` : ''}`),
    );
    expect(broken).toEqual([]);
  });
});
