import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { ASSET_CACHE_DAYS, pruneAssetCache } from '../../../../src/server/features/site-build/compression.ts';
import { createPageCompressor } from '../../../../src/server/features/site-build/page-compressor.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('compressing pages while the build renders', () => {
  it('writes a brotli and a gzip copy of each page that decompress to the page, and answers the pages done', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-compress-'));
    dirs.push(dir);
    const compressor = createPageCompressor();
    const pages = Array.from({ length: 40 }, (_, i) => {
      const file = path.join(dir, `page-${i}.html`);
      fs.writeFileSync(
        file,
        `<!doctype html><title>Page ${i}</title><script>window.page = ${i % 2};</script>${'<p>Small caps, big moves.</p>'.repeat(100)}`,
      );
      compressor.add(file);
      return file;
    });
    const tiny = path.join(dir, 'tiny.html');
    fs.writeFileSync(tiny, '<p>short</p>');
    compressor.add(tiny);
    const done = await compressor.finish();
    expect([...done.files].sort()).toEqual([...pages, tiny].sort());
    for (const file of pages) {
      const original = fs.readFileSync(file);
      expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(original)).toBe(true);
      expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).equals(original)).toBe(true);
    }
    // The inline scripts the pages hold, for the site's Content-Security-Policy: two different ones.
    expect(done.scriptHashes.size).toBe(2);
    // Under 1 KB a page is sent as it is.
    expect(fs.existsSync(`${tiny}.br`)).toBe(false);
  });

  it('reports a page it could not compress when the build asks for the result', async () => {
    const compressor = createPageCompressor();
    compressor.add(path.join(os.tmpdir(), 'redcap-no-such-dir', 'missing.html'));
    await expect(compressor.finish()).rejects.toThrow(/compressing pages failed: .*missing\.html/);
  });

  it('compresses a bundle once per content: another build of the same bundle takes its copies from the cache', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-compress-'));
    dirs.push(dir);
    const cache = { dir: path.join(dir, 'cache') };
    const bundle = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}];`;
    const built = async (build: string) => {
      const file = path.join(dir, build, '_astro', 'rows.Ab12Cd34.js');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, bundle);
      const compressor = createPageCompressor(cache);
      compressor.add(file);
      await compressor.finish();
      return file;
    };
    const first = await built('first');
    const kept = fs.readdirSync(cache.dir).sort();
    expect(kept).toHaveLength(2);
    // The cache's copy is what the next build gets: a copy altered in the cache shows in the second build.
    const brotli = path.join(
      cache.dir,
      kept.find((name) => name.endsWith('.br'))!,
    );
    const marked = zlib.brotliCompressSync(Buffer.from(bundle), {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
    });
    fs.writeFileSync(brotli, marked);
    const second = await built('second');
    expect(fs.readFileSync(`${second}.br`).equals(marked)).toBe(true);
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${second}.br`)).toString()).toBe(bundle);
    expect(zlib.gunzipSync(fs.readFileSync(`${second}.gz`)).equals(fs.readFileSync(first))).toBe(true);
    // Pages are never cached: they change with the data.
    const page = path.join(dir, 'second', 'index.html');
    fs.writeFileSync(page, `<!doctype html>${'<p>Small caps.</p>'.repeat(200)}`);
    const compressor = createPageCompressor(cache);
    compressor.add(page);
    await compressor.finish();
    expect(fs.readdirSync(cache.dir)).toHaveLength(2);
  });

  it('drops cached copies no build used for a month', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-compress-'));
    dirs.push(dir);
    const [old, recent] = [path.join(dir, 'old.br'), path.join(dir, 'recent.br')];
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(recent, 'y');
    const monthAgo = new Date(Date.now() - (ASSET_CACHE_DAYS + 1) * 86_400_000);
    fs.utimesSync(old, monthAgo, monthAgo);
    pruneAssetCache({ dir });
    expect(fs.readdirSync(dir)).toEqual(['recent.br']);
  });
});
