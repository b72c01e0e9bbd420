/**
 * Compresses pages as the build writes them (see build-writes.ts), on a
 * worker thread of its own: compression then runs on the second core while
 * the main thread renders, instead of after it or between its renders.
 */
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { compressSync } from './compression.ts';

/** A message to the worker: pages to compress, or null when no more will come. */
type Request = string[] | null;
/** A message from the worker: the pages of a batch compressed, and those that failed and why. */
interface Reply {
  done: string[];
  failed: string[];
}

export interface PageCompressor {
  add(file: string): void;
  /** Waits for the last page; answers the pages compressed, or rejects with the first failure. */
  finish(): Promise<Set<string>>;
}

export function createPageCompressor(): PageCompressor {
  const worker = new Worker(new URL(import.meta.url));
  const compressed = new Set<string>();
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
      for (const file of reply.done) compressed.add(file);
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
    },
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
  port.on('message', (files: Request) => {
    if (files === null) {
      port.close();
      return;
    }
    const reply: Reply = { done: [], failed: [] };
    for (const file of files) {
      try {
        compressSync(file);
        reply.done.push(file);
      } catch (error) {
        reply.failed.push(`${file}: ${(error as Error).message}`);
      }
    }
    port.postMessage(reply);
  });
}
