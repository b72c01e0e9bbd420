import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBuildWrites } from '../../../../src/server/features/site-build/build-writes.ts';
import {
  filesToCompress,
  madeFiles,
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
    const writes = createBuildWrites({ outDir: next });
    const target = path.join(next, 'news/1/index.html');
    // As Astro does: told of the page once it is rendered, then written (here twice).
    writes.writing(target);
    await fs.promises.writeFile(target, 'rebuilt');
    writes.writing(target);
    fs.writeFileSync(target, 'rebuilt again');
    expect(fs.readFileSync(path.join(previous, 'news/1/index.html'), 'utf8')).toContain('published');
    expect(fs.readFileSync(target, 'utf8')).toBe('rebuilt again');
  });

  it('announces each page written into the build directory, and nothing written elsewhere', () => {
    const out = tempDir();
    const announced: string[] = [];
    const writes = createBuildWrites({ outDir: out, onPageWritten: (file) => announced.push(file) });
    writes.written(path.join(out, 'news/1/index.html'));
    writes.written(path.join(tempDir(), 'news/1/index.html'));
    writes.writing(path.join(tempDir(), 'news/2/index.html'));
    expect(announced).toEqual([path.join(out, 'news/1/index.html')]);
    expect([...writes.files()]).toEqual([]);
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
    const writes = createBuildWrites({ outDir: next });
    writes.writing(path.join(next, 'news/2/index.html'));
    await fs.promises.writeFile(path.join(next, 'news/2/index.html'), page('rewritten'));
    // A bundle the bundler wrote itself: not a page, not listed.
    fs.mkdirSync(path.join(next, '_astro'));
    const bundle = fs.openSync(path.join(next, '_astro/app.js'), 'w');
    fs.writeSync(bundle, 'console.log(1)');
    fs.closeSync(bundle);
    expect([...writes.files()]).toEqual([path.resolve(next, 'news/2/index.html')]);
    expect(madeFiles(next, linked, writes.files()).sort()).toEqual(
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
});
