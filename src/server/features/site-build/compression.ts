/**
 * Precompression of a build's text files: a `.br` and a `.gz` copy beside
 * each file of 1 KB or more, kept only when smaller. Pages are many and
 * change often: fast levels (within 1% of the best sizes on the site's
 * pages); bundles are few and long-lived: the best.
 *
 * `compressSync` is the form the page compressor's worker thread uses (see
 * page-compressor.ts); `compress` runs on the thread pool.
 */
import fs from 'node:fs';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Smaller files are sent as they are. */
export const COMPRESS_FROM_BYTES = 1024;

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

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

export async function compress(file: string): Promise<void> {
  const data = await fs.promises.readFile(file);
  if (data.byteLength < COMPRESS_FROM_BYTES) return;
  const [br, gz] = await Promise.all([
    brotliAsync(data, brotliOptions(file, data.byteLength)),
    gzipAsync(data, gzipOptions(file)),
  ]);
  // The old compressed copy may be shared with the published build: a new file, never a write through.
  for (const [suffix, packed] of [
    ['.br', br],
    ['.gz', gz],
  ] as const) {
    if (packed.byteLength >= data.byteLength) continue;
    await fs.promises.rm(`${file}${suffix}`, { force: true });
    await fs.promises.writeFile(`${file}${suffix}`, packed);
  }
}

/** `data`: the file's bytes, when the caller has read them already. */
export function compressSync(file: string, data: Buffer = fs.readFileSync(file)): void {
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
