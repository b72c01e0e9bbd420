/**
 * Precompression of a build's text files: a `.br` and a `.gz` copy beside
 * each file of 1 KB or more, kept only when smaller. Pages are many and
 * change often: fast levels (within 1% of the best sizes on the site's
 * pages); bundles are few and long-lived: the best.
 * The build's compressor runs it on a worker thread (see page-compressor.ts).
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

/** Smaller files are sent as they are. */
export const COMPRESS_FROM_BYTES = 1024;

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

/** `data`: the file's bytes, when the caller has read them already. */
export function compressSync(file: string, data: Buffer = fs.readFileSync(file)): void {
  // Copies carried over with an earlier version of the file are stale, whether or not new ones are made.
  for (const suffix of ['.br', '.gz']) fs.rmSync(`${file}${suffix}`, { force: true });
  if (data.byteLength < COMPRESS_FROM_BYTES) return;
  const br = zlib.brotliCompressSync(data, brotliOptions(file, data.byteLength));
  const gz = zlib.gzipSync(data, gzipOptions(file));
  for (const [suffix, packed] of [
    ['.br', br],
    ['.gz', gz],
  ] as const) {
    if (packed.byteLength >= data.byteLength) continue;
    fs.rmSync(`${file}${suffix}`, { force: true });
    fs.writeFileSync(`${file}${suffix}`, packed);
  }
}
