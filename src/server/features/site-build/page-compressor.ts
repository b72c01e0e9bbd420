/**
 * A build's compression, on a worker thread of its own: pages as the build
 * writes them (see build-writes.ts), the new bundles while pages render, and
 * the rest of what is new at the end. Compression then runs on the second
 * core while the main thread renders, instead of after it or between its
 * renders. Having read each page, it also lists the page's inline script
 * hashes for the site's Content-Security-Policy (see csp.ts).
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import fs from 'node:fs';
import { compressSync, pruneAssetCache, type AssetCache } from './compression.ts';
import { inlineScriptHashes } from './csp.ts';

/** A message to the worker: pages to compress, or null when no more will come. */
type Request = string[] | null;
/** A message from the worker: the files of a batch compressed, their pages' inline script hashes, and the failures. */
interface Reply {
  done: string[];
  scriptHashes: string[];
  failed: string[];
}

export interface CompressedFiles {
  /** The files compressed. */
  files: Set<string>;
  /** The inline script hashes of the pages among them. */
  scriptHashes: Set<string>;
}

export interface PageCompressor {
  add(file: string): void;
  /** Whether a file was handed over already. */
  has(file: string): boolean;
  /** Waits for the last file; answers what was done, or rejects with the first failure. */
  finish(): Promise<CompressedFiles>;
}

/** `assetCache`: where the compressed copies of bundles and other assets are kept between builds. */
export function createPageCompressor(assetCache?: AssetCache): PageCompressor {
  const worker = new Worker(new URL(import.meta.url), { workerData: { assetCache: assetCache ?? null } });
  const compressed: CompressedFiles = { files: new Set(), scriptHashes: new Set() };
  const added = new Set<string>();
  let failure: Error | null = null;
  // Pages written in one turn of the event loop go in one message: a message per page costs the renderer.
  let batch: string[] = [];
  const send = () => {
    if (batch.length === 0) return;
    worker.postMessage(batch satisfies Request);
    batch = [];
  };
  const ended = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: Reply) => {
      for (const file of reply.done) compressed.files.add(file);
      for (const hash of reply.scriptHashes) compressed.scriptHashes.add(hash);
      if (reply.failed.length > 0) failure ??= new Error(`compressing pages failed: ${reply.failed.join('; ')}`);
    });
    worker.once('error', reject);
    worker.once('exit', () => resolve());
  });
  // Awaited by `finish`; a worker that fails before then is reported there.
  ended.catch(() => {});
  return {
    add(file) {
      if (batch.length === 0) setImmediate(send);
      batch.push(file);
      added.add(file);
    },
    has: (file) => added.has(file),
    async finish() {
      send();
      worker.postMessage(null satisfies Request);
      await ended;
      if (failure) throw failure;
      return compressed;
    },
  };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const assetCache = (workerData as { assetCache: AssetCache | null }).assetCache ?? undefined;
  if (assetCache) pruneAssetCache(assetCache);
  port.on('message', (files: Request) => {
    if (files === null) {
      port.close();
      return;
    }
    const reply: Reply = { done: [], scriptHashes: [], failed: [] };
    for (const file of files) {
      try {
        const data = fs.readFileSync(file);
        if (file.endsWith('.html')) reply.scriptHashes.push(...inlineScriptHashes(data.toString('utf8')));
        compressSync(file, data, assetCache);
        reply.done.push(file);
      } catch (error) {
        reply.failed.push(`${file}: ${(error as Error).message}`);
      }
    }
    port.postMessage(reply);
  });
}
