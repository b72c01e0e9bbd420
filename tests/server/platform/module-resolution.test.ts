import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAST_RESOLVED_PACKAGES, isFastResolved } from '../../../src/server/platform/module-resolution.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);

describe('the module resolution shortcut', () => {
  it('takes only relative .js imports between files of the listed packages', () => {
    const inside = 'file:///app/node_modules/drizzle-orm/pg-core/table.js';
    expect(isFastResolved('./columns/index.js', inside)).toBe(true);
    expect(isFastResolved('../entity.js', inside)).toBe(true);
    expect(isFastResolved('zod', inside)).toBe(false);
    expect(isFastResolved('./data.json', inside)).toBe(false);
    expect(isFastResolved('./columns/index.js', 'file:///app/node_modules/drizzle-orm/index.cjs')).toBe(false);
    expect(isFastResolved('./index.js', 'file:///app/node_modules/hono/dist/index.js')).toBe(false);
    expect(isFastResolved('./index.js', 'file:///app/src/server/main.ts')).toBe(false);
    expect(isFastResolved('./index.js', undefined)).toBe(false);
  });

  it('holds for the installed packages: ES modules whose manifests are what made resolution slow', () => {
    for (const name of FAST_RESOLVED_PACKAGES) {
      const manifest = path.join(path.dirname(require.resolve(name)), 'package.json');
      const { type } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { type?: string };
      // A package that stopped being ES modules, or shrank its manifest, no longer belongs on the list.
      expect(type, name).toBe('module');
      expect(fs.statSync(manifest).size, name).toBeGreaterThan(50_000);
    }
  });

  it('loads every module of the server through it', () => {
    const loaded = spawnSync(
      process.execPath,
      [
        '--import',
        './scripts/preload.ts',
        '--input-type=module',
        '-e',
        "console.log(typeof (await import('./src/server/main.ts')).main)",
      ],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
    );
    expect(loaded.stderr).toBe('');
    expect(loaded.stdout).toBe('function\n');
  });
});
