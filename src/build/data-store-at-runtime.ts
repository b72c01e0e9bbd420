/**
 * The content data store, read when the build's page bundle runs rather than
 * bundled into it (see build-process.ts): the store is tens of megabytes,
 * and bundling it cost every build seconds of parsing and writing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const cacheDir = process.env.ASTRO_CACHE_DIR;
if (!cacheDir) throw new Error('ASTRO_CACHE_DIR is required to read the content data store');

export default JSON.parse(readFileSync(path.join(cacheDir, 'data-store.json'), 'utf8')) as unknown;
