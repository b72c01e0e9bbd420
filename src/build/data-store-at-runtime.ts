/**
 * The content data store, read when the build's page bundle runs rather than
 * bundled into it (see build-process.ts): the store is megabytes, and
 * bundling it cost every build seconds of parsing and writing.
 *
 * It is handed to Astro's content runtime as a map of collections, which the
 * runtime keeps as it is: a content build in a process that keeps the bundle
 * loaded (see build-session.ts) refills the same map from the store its
 * content sync wrote.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unflatten } from 'devalue';
import { onNextBuild } from './build-session.ts';

type Collections = Map<string, Map<string, unknown>>;

function readStore(): Collections {
  const cacheDir = process.env.ASTRO_CACHE_DIR;
  if (!cacheDir) throw new Error('ASTRO_CACHE_DIR is required to read the content data store');
  return unflatten(JSON.parse(readFileSync(path.join(cacheDir, 'data-store.json'), 'utf8'))) as Collections;
}

const collections = readStore();

onNextBuild(() => {
  const fresh = readStore();
  collections.clear();
  for (const [name, entries] of fresh) collections.set(name, entries);
});

export default collections;
