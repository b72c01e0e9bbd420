import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { directBuildWrites, writtenFiles } from '../../../../src/server/features/site-build/build-writes.ts';
import {
  filesToCompress,
  madeFiles,
  manifestOutputs,
  prefillPages,
  pruneStalePages,
} from '../../../../src/server/features/site-build/incremental.ts';
import { compressSync } from '../../../../src/server/features/site-build/compression.ts';
import { createPageCompressor } from '../../../../src/server/features/site-build/page-compressor.ts';

/** Compresses what is new in a build, as the build process does at its end; answers how many files. */
async function compressNew(outDir: string, previousDir: string | null): Promise<number> {
  const compressor = createPageCompressor();
  for (const file of filesToCompress(outDir, previousDir)) compressor.add(file);
  return (await compressor.finish()).files.size;
}

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-incremental-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function write(root: string, file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

const page = (title: string) => `<!doctype html><title>${title}</title>${'<p>text</p>'.repeat(200)}`;

describe('carrying pages over to a new build', () => {
  it('links the previous pages (not the bundles), so unchanged pages need no writing', async () => {
    const previous = tempDir();
    const next = tempDir();
    write(previous, 'news/1/index.html', page('one'));
    write(previous, 'news/1/index.html.br', 'br');
    write(previous, 'sitemap.xml', '<urlset/>');
    write(previous, '_astro/app.js', 'code');
    const linked = await prefillPages(previous, next);
    expect(linked.sort()).toEqual(['news/1/index.html', 'news/1/index.html.br', 'sitemap.xml']);
    expect(fs.statSync(path.join(next, 'news/1/index.html')).ino).toBe(
      fs.statSync(path.join(previous, 'news/1/index.html')).ino,
    );
    expect(fs.existsSync(path.join(next, '_astro/app.js'))).toBe(false);
  });

  it('links every file for a content build, bundles and public files included, but not the build’s own records', async () => {
    const previous = tempDir();
    const next = tempDir();
    write(previous, 'news/1/index.html', page('one'));
    write(previous, '_astro/app.js', 'code');
    write(previous, '_astro/app.js.br', 'br');
    write(previous, 'favicon.svg', '<svg/>');
    write(previous, '.well-known/security.txt', 'Contact: security@redcap.example');
    write(previous, '.build-stamp', 'stamp');
    write(previous, '.csp-script-hashes.json', '[]');
    const linked = await prefillPages(previous, next, true);
    expect(linked.sort()).toEqual([
      '.well-known/security.txt',
      '_astro/app.js',
      '_astro/app.js.br',
      'favicon.svg',
      'news/1/index.html',
    ]);
    expect(fs.statSync(path.join(next, '_astro/app.js')).ino).toBe(
      fs.statSync(path.join(previous, '_astro/app.js')).ino,
    );
    expect(fs.existsSync(path.join(next, '.build-stamp'))).toBe(false);
  });

  it('drops the compressed copies a rewritten page was carried over with, even when it is now too small to compress', async () => {
    const previous = tempDir();
    const next = tempDir();
    write(previous, 'news/1/index.html', page('long'));
    compressSync(path.join(previous, 'news/1/index.html'));
    await prefillPages(previous, next);
    const file = path.join(next, 'news/1/index.html');
    fs.rmSync(file);
    fs.writeFileSync(file, '<p>short</p>');
    compressSync(file);
    expect(fs.existsSync(`${file}.br`)).toBe(false);
    expect(fs.existsSync(`${file}.gz`)).toBe(false);
    expect(fs.existsSync(path.join(previous, 'news/1/index.html.br'))).toBe(true);
  });

  it('never changes the published file when the build writes a page (copy on write)', async () => {
    const previous = tempDir();
    const next = tempDir();
    write(previous, 'news/1/index.html', page('published'));
    await prefillPages(previous, next);
    const preload = path.resolve('src/server/features/site-build/build-writes.ts');
    const target = path.join(next, 'news/1/index.html');
    const script = `const fs = require('node:fs'); fs.promises.writeFile(${JSON.stringify(target)}, 'rebuilt').then(() => fs.writeFileSync(${JSON.stringify(target)}, 'rebuilt again'));`;
    const run = spawnSync(process.execPath, ['--import', preload, '-e', script], {
      env: { ...process.env, SITE_BUILD_OUT_DIR: next },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(fs.readFileSync(path.join(previous, 'news/1/index.html'), 'utf8')).toContain('published');
    expect(fs.readFileSync(target, 'utf8')).toBe('rebuilt again');
  });

  it("does not write Astro's cache copies of pages: the build starts from the published pages instead", () => {
    const out = tempDir();
    const cache = tempDir();
    const preload = path.resolve('src/server/features/site-build/build-writes.ts');
    const copy = path.join(cache, 'dist/news/1/index.html');
    const built = path.join(out, 'news/1/index.html');
    const script = `const fs = require('node:fs'); fs.promises.mkdir(${JSON.stringify(path.dirname(copy))}, { recursive: true }).then(() => fs.promises.writeFile(${JSON.stringify(copy)}, 'copy')).then(() => fs.promises.mkdir(${JSON.stringify(path.dirname(built))}, { recursive: true })).then(() => fs.promises.writeFile(${JSON.stringify(built)}, 'page'));`;
    const run = spawnSync(process.execPath, ['--import', preload, '-e', script], {
      env: { ...process.env, SITE_BUILD_OUT_DIR: out, ASTRO_CACHE_DIR: cache },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(fs.existsSync(path.join(cache, 'dist'))).toBe(false);
    expect(fs.readFileSync(built, 'utf8')).toBe('page');
  });

  it('removes carried-over pages the new build no longer has, and keeps the ones it kept or rewrote', async () => {
    const previous = tempDir();
    const next = tempDir();
    for (const id of [1, 2, 3]) {
      write(previous, `news/${id}/index.html`, page(`n${id}`));
      write(previous, `news/${id}/index.html.gz`, 'gz');
    }
    const linked = await prefillPages(previous, next);
    // Page 2 is rewritten by the build; page 1 is kept by its cache key; page 3 was deleted.
    fs.rmSync(path.join(next, 'news/2/index.html'));
    fs.writeFileSync(path.join(next, 'news/2/index.html'), page('n2 edited'));
    const written = new Set([path.resolve(next, 'news/2/index.html')]);
    const removed = pruneStalePages(next, linked, new Set([path.normalize('news/1/index.html')]), written);
    expect(removed).toBe(1);
    expect(fs.existsSync(path.join(next, 'news/1/index.html'))).toBe(true);
    expect(fs.existsSync(path.join(next, 'news/2/index.html'))).toBe(true);
    expect(fs.existsSync(path.join(next, 'news/3/index.html'))).toBe(false);
    expect(fs.existsSync(path.join(next, 'news/3/index.html.gz'))).toBe(false);
    expect(fs.existsSync(path.join(previous, 'news/3/index.html'))).toBe(true);
  });

  it('looks, after a build, only at the files it wrote and the ones it added, never at the pages it carried over untouched', async () => {
    const previous = tempDir();
    const next = tempDir();
    write(previous, 'news/1/index.html', page('kept'));
    write(previous, 'news/2/index.html', page('old'));
    const linked = await prefillPages(previous, next);
    directBuildWrites({ outDir: next, cacheDir: tempDir() });
    await fs.promises.writeFile(path.join(next, 'news/2/index.html'), page('rewritten'));
    // A bundle the bundler wrote itself, unseen by the write hooks.
    fs.mkdirSync(path.join(next, '_astro'));
    const bundle = fs.openSync(path.join(next, '_astro/app.js'), 'w');
    fs.writeSync(bundle, 'console.log(1)');
    fs.closeSync(bundle);
    expect([...writtenFiles()]).toEqual([path.resolve(next, 'news/2/index.html')]);
    expect(madeFiles(next, linked, writtenFiles()).sort()).toEqual(
      [path.join(next, '_astro/app.js'), path.join(next, 'news/2/index.html')].sort(),
    );
    // The published page was not changed through the link.
    expect(fs.readFileSync(path.join(previous, 'news/2/index.html'), 'utf8')).toBe(page('old'));
  });

  it('compresses only new files and leaves the published copies alone', async () => {
    const previous = tempDir();
    const next = tempDir();
    write(previous, 'news/1/index.html', page('kept'));
    write(previous, 'news/2/index.html', page('old'));
    await compressNew(previous, null);
    const oldBrotli = fs.readFileSync(path.join(previous, 'news/2/index.html.br'));
    await prefillPages(previous, next);
    fs.rmSync(path.join(next, 'news/2/index.html'));
    fs.writeFileSync(path.join(next, 'news/2/index.html'), page('new and different'));
    const compressed = await compressNew(next, previous);
    expect(compressed).toBe(1);
    expect(fs.readFileSync(path.join(previous, 'news/2/index.html.br')).equals(oldBrotli)).toBe(true);
    expect(fs.readFileSync(path.join(next, 'news/2/index.html.br')).equals(oldBrotli)).toBe(false);
    expect(fs.statSync(path.join(next, 'news/1/index.html.br')).ino).toBe(
      fs.statSync(path.join(previous, 'news/1/index.html.br')).ino,
    );
  });

  it('reads the pages a build produced from Astro’s manifest, and nothing from a broken one', () => {
    const dir = tempDir();
    const file = path.join(dir, 'incremental-build.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        routes: { 'src/pages/news/[id].astro': { paths: { '/news/1': { outputFile: 'news/1/index.html' } } } },
      }),
    );
    expect([...manifestOutputs(file)!]).toEqual([path.normalize('news/1/index.html')]);
    fs.writeFileSync(file, '{');
    expect(manifestOutputs(file)).toBeNull();
  });
});
