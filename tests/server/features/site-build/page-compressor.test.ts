import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
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
});
