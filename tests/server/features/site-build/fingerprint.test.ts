import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOT_SITE_INPUTS,
  SITE_INPUTS,
  sourceFingerprint,
} from '../../../../src/server/features/site-build/fingerprint.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

describe('the published site is stale', () => {
  let root: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'fingerprint-'));
    write('src/pages/index.astro', '<p>home</p>');
    write('src/build/sanitize.ts', 'export const sanitize = 1;');
    write('src/lib/format.ts', 'export const format = 1;');
    write('src/server/app.ts', 'export const app = 1;');
    write('public/favicon.svg', '<svg/>');
    write('astro.config.mjs', 'export default {};');
    write('package-lock.json', '{}');
    write('tsconfig.json', '{}');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('when a module the build uses changes: a page, src/lib, the build module, a public file, a package', () => {
    for (const file of [
      'src/pages/index.astro',
      'src/lib/format.ts',
      'src/build/sanitize.ts',
      'public/favicon.svg',
      'package-lock.json',
    ]) {
      const before = sourceFingerprint('data-1', root);
      write(file, `${fs.readFileSync(path.join(root, file), 'utf8')}\n// edited`);
      expect(sourceFingerprint('data-1', root), file).not.toBe(before);
    }
  });

  it('when the data changes, and not when only server code changes', () => {
    const before = sourceFingerprint('data-1', root);
    expect(sourceFingerprint('data-2', root)).not.toBe(before);
    write('src/server/app.ts', 'export const app = 2; // a server-only change');
    expect(sourceFingerprint('data-1', root)).toBe(before);
  });
});

/** Relative imports of a source file (import, export from, dynamic import), resolved to files. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = path.resolve(path.dirname(file), match[1]!);
    if (fs.existsSync(target) && fs.statSync(target).isFile()) found.push(target);
  }
  return found;
}

describe('the staleness fingerprint', () => {
  it('covers every file a page, layout, island or collection can import', () => {
    const entries = [
      ...fs
        .readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
        .filter((f) => /^(pages|layouts|components|islands|stores)\//.test(f.split(path.sep).join('/')))
        .filter((f) => /\.(astro|tsx?|mjs)$/.test(f))
        .map((f) => path.join(ROOT, 'src', f)),
      path.join(ROOT, 'src', 'content.config.ts'),
      path.join(ROOT, 'astro.config.mjs'),
    ];
    const seen = new Set<string>();
    const queue = [...entries];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(...importsOf(file));
    }
    const covered = (file: string) => {
      const rel = path.relative(ROOT, file);
      return (
        SITE_INPUTS.some((input) => rel === input || rel.startsWith(`${input}${path.sep}`)) &&
        !NOT_SITE_INPUTS.some((dir) => rel.startsWith(`${dir}${path.sep}`))
      );
    };
    expect(seen.size).toBeGreaterThan(100);
    expect([...seen].filter((file) => !covered(file)).map((file) => path.relative(ROOT, file))).toEqual([]);
  });
});
