/**
 * Sanitizing on a worker thread while the content loaders fetch (see
 * api-loader.ts): a new site's first build sanitizes every article body,
 * seconds of work that then run beside the fetching instead of between page
 * renders. `createSanitizer` answers a function that sanitizes HTML there.
 */
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { sanitizeHtml } from './sanitize.ts';

interface Request {
  id: number;
  html: string;
}
type Reply = { id: number; html: string } | { id: number; error: string };

export interface Sanitizer {
  sanitize(html: string): Promise<string>;
  close(): Promise<void>;
}

export function createSanitizer(): Sanitizer {
  const worker = new Worker(new URL(import.meta.url));
  const waiting = new Map<number, { resolve: (html: string) => void; reject: (error: Error) => void }>();
  let next = 0;
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', (reply: Reply) => {
    const pending = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ('html' in reply) pending?.resolve(reply.html);
    else pending?.reject(new Error(reply.error));
  });
  worker.on('error', failAll);
  worker.on('exit', () => failAll(new Error('the sanitizing thread stopped')));
  return {
    sanitize(html) {
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, html } satisfies Request);
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  port.on('message', ({ id, html }: Request) => {
    try {
      port.postMessage({ id, html: sanitizeHtml(html) } satisfies Reply);
    } catch (error) {
      port.postMessage({ id, error: (error as Error).message } satisfies Reply);
    }
  });
}
