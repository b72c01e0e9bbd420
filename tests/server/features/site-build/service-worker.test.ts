import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHELL_GLOBAL, type SiteShell } from '../../../../src/lib/service-worker.ts';
import {
  WORKER_FILE,
  bundleWorker,
  siteShell,
  writeServiceWorker,
} from '../../../../src/server/features/site-build/service-worker.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A build folder with the given files (path → content). */
function build(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-build-'));
  dirs.push(dir);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

const SITE = {
  'offline/index.html': '<h1>You are offline</h1>',
  'index.html': '<h1>Home</h1>',
  '_astro/screener.Ab12.js': 'grid()',
  '_astro/screener.Ab12.js.br': 'packed',
  '_astro/global.Cd34.css': 'body{}',
  'manifest.webmanifest': '{}',
  'icons/icon-192.png': 'png',
};

describe('the service worker a build publishes', () => {
  let code: string;
  beforeAll(async () => {
    code = await bundleWorker();
  }, 30_000);

  it('precaches the offline page, the bundles and the icons, not the pages or the compressed copies', () => {
    const shell = siteShell(build(SITE), code);
    expect(shell.files.map((f) => f.url)).toEqual([
      '/offline/',
      '/manifest.webmanifest',
      '/icons/icon-192.png',
      '/_astro/global.Cd34.css',
      '/_astro/screener.Ab12.js',
    ]);
    // Hashed bundle names are their own revision; the rest are revised by their bytes.
    expect(shell.files.find((f) => f.url.startsWith('/_astro/'))?.revision).toBeNull();
    expect(shell.files.find((f) => f.url === '/offline/')?.revision).toMatch(/^[0-9a-f]{16}$/);
  });

  it('keeps its version across a build that changed only pages, and changes it with the bundles or the offline page', () => {
    const version = siteShell(build(SITE), code).version;
    expect(siteShell(build({ ...SITE, 'index.html': '<h1>New story</h1>' }), code).version).toBe(version);
    expect(siteShell(build({ ...SITE, '_astro/screener.Ef56.js': 'grid2()' }), code).version).not.toBe(version);
    expect(siteShell(build({ ...SITE, 'offline/index.html': '<h1>Offline</h1>' }), code).version).not.toBe(version);
    expect(siteShell(build(SITE), `${code};`).version).not.toBe(version);
  });

  it('is one classic script for the browser: the shell first, then production Workbox without imports', async () => {
    const dir = build(SITE);
    const file = await writeServiceWorker(dir, Promise.resolve(code));
    expect(path.relative(dir, file)).toBe(WORKER_FILE);
    const script = fs.readFileSync(file, 'utf8');
    expect(script.startsWith(`self.${SHELL_GLOBAL}=`)).toBe(true);
    expect(script).not.toMatch(/^\s*(import|export)\s/m);
    expect(script).not.toContain('process.env');
    // Parsed as a classic script; the shell it carries is the build's.
    new vm.Script(script);
    const shell = JSON.parse(/^self\.\w+=(.*);$/m.exec(script)![1]!) as SiteShell;
    expect(shell).toEqual(siteShell(dir, code));
  });

  it('replaces a worker carried over from the published build instead of writing through its link', async () => {
    const previous = build(SITE);
    const before = await writeServiceWorker(previous, Promise.resolve(code));
    const next = build({ ...SITE, '_astro/screener.Ef56.js': 'grid2()' });
    fs.linkSync(before, path.join(next, WORKER_FILE));
    fs.linkSync(before, path.join(next, `${WORKER_FILE}.br`));
    await writeServiceWorker(next, Promise.resolve(code));
    expect(fs.readFileSync(before, 'utf8')).toContain(siteShell(previous, code).version);
    expect(fs.readFileSync(path.join(next, WORKER_FILE), 'utf8')).toContain(siteShell(next, code).version);
    expect(fs.existsSync(path.join(next, `${WORKER_FILE}.br`))).toBe(false);
  });
});
