/**
 * Precompression of a build's text files: a `.br` and a `.gz` copy beside
 * each file of 1 KB or more, kept only when smaller. Pages are many and
 * change often: fast levels (within 1% of the best sizes on the site's
 * pages); bundles are few and long-lived: the best.
 * The build's compressor runs it on a worker thread (see page-compressor.ts).
 *
 * The best levels cost: three seconds of a full build went to compressing
 * the same bundles as the last one. What is not a page is compressed once
 * per content and kept in a cache shared by every build of the checkout
 * (see assetCache), so a rebuild, a restart or a second site built from the
 * same sources copies the bundles' compressed copies instead.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Smaller files are sent as they are. */
export const COMPRESS_FROM_BYTES = 1024;

const SUFFIXES = ['.br', '.gz'] as const;

const isPage = (file: string) => file.endsWith('.html') || file.endsWith('.xml');

function brotliOptions(file: string, bytes: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: isPage(file) ? 5 : bytes > 1_000_000 ? 6 : 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    },
  };
}

const gzipOptions = (file: string): zlib.ZlibOptions => ({ level: isPage(file) ? 6 : 9 });

/** Cached copies unused this long are dropped when a build starts. */
export const ASSET_CACHE_DAYS = 30;

/**
 * The compressed copies of files that are not pages, by the SHA-256 of their
 * content (`<hash>.br`, `<hash>.gz`), in `dir`. Written by rename, so builds
 * running at once (two servers, a server and a benchmark) share it safely.
 */
export interface AssetCache {
  dir: string;
}

/** Drops what no build used for ASSET_CACHE_DAYS (a copy's time is renewed whenever a build takes it). */
export function pruneAssetCache(cache: AssetCache, now = Date.now()): void {
  let names: string[];
  try {
    names = fs.readdirSync(cache.dir);
  } catch {
    return;
  }
  const oldest = now - ASSET_CACHE_DAYS * 86_400_000;
  for (const name of names) {
    const file = path.join(cache.dir, name);
    try {
      if (fs.statSync(file).mtimeMs < oldest) fs.rmSync(file, { force: true });
    } catch {
      // Taken by another build meanwhile.
    }
  }
}

function compressed(file: string, data: Buffer): Record<(typeof SUFFIXES)[number], Buffer> {
  return {
    '.br': zlib.brotliCompressSync(data, brotliOptions(file, data.byteLength)),
    '.gz': zlib.gzipSync(data, gzipOptions(file)),
  };
}

/** The compressed copies of an asset: from the cache when a build made them already, else made and kept there. */
function cachedCompressed(cache: AssetCache, file: string, data: Buffer): Record<(typeof SUFFIXES)[number], Buffer> {
  const key = path.join(cache.dir, createHash('sha256').update(data).digest('hex'));
  try {
    const copies = { '.br': fs.readFileSync(`${key}.br`), '.gz': fs.readFileSync(`${key}.gz`) };
    const now = new Date();
    for (const suffix of SUFFIXES) fs.utimesSync(`${key}${suffix}`, now, now);
    return copies;
  } catch {
    // Not cached yet (or half pruned): made again.
  }
  const made = compressed(file, data);
  fs.mkdirSync(cache.dir, { recursive: true });
  for (const suffix of SUFFIXES) {
    const temporary = `${key}${suffix}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    fs.writeFileSync(temporary, made[suffix]);
    fs.renameSync(temporary, `${key}${suffix}`);
  }
  return made;
}

/** `data`: the file's bytes, when the caller has read them already; `cache`: where assets' copies are kept. */
export function compressSync(file: string, data: Buffer = fs.readFileSync(file), cache?: AssetCache): void {
  // Copies carried over with an earlier version of the file are stale, whether or not new ones are made.
  for (const suffix of SUFFIXES) fs.rmSync(`${file}${suffix}`, { force: true });
  if (data.byteLength < COMPRESS_FROM_BYTES) return;
  const copies = cache && !isPage(file) ? cachedCompressed(cache, file, data) : compressed(file, data);
  for (const suffix of SUFFIXES) {
    const packed = copies[suffix];
    if (packed.byteLength >= data.byteLength) continue;
    fs.writeFileSync(`${file}${suffix}`, packed);
  }
}
