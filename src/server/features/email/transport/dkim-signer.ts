/**
 * RSA signatures for DKIM, made on worker threads when the machine has cores
 * to spare. A 2048-bit signature costs about a millisecond of CPU, as much as
 * writing and sending the rest of the message: signing on the thread that
 * also serves readers would halve the bulk sender's pace and stall their
 * requests. With one core (or none to spare) the signature is made in place.
 */
import { sign, type KeyObject } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export interface Signer {
  /** The base64 rsa-sha256 signature of `data`. */
  sign(data: string): Promise<string>;
  close(): void;
}

interface Reply {
  id: number;
  signature?: string;
  error?: string;
}

/**
 * The worker: signs what it is sent with the key it was started with.
 * Requests come in arrays (all those made in one turn of the sender's
 * event loop): a message between threads costs a tenth of a signature, one per
 * signature was the sender's largest cost after the signing itself.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { sign } = require('node:crypto');
parentPort.on('message', (requests) => {
  parentPort.postMessage(requests.map(({ id, data }) => {
    try {
      return { id, signature: sign('sha256', Buffer.from(data, 'utf8'), workerData.key).toString('base64') };
    } catch (error) {
      return { id, error: String(error && error.message || error) };
    }
  }));
});`;

export function createSigner(key: KeyObject, threads = Math.min(4, availableParallelism() - 1)): Signer {
  if (threads < 1) {
    return {
      sign: async (data) => sign('sha256', Buffer.from(data, 'utf8'), key).toString('base64'),
      close: () => {},
    };
  }
  const pending = new Map<number, { resolve(s: string): void; reject(e: Error): void }>();
  let next = 0;
  let turn = 0;
  let workers: { worker: Worker; queued: { id: number; data: string }[] }[] | null = null;
  /** Every waiting signature fails, and the threads go (the next signature starts new ones). */
  const stopAll = (error: Error) => {
    const stopping = workers ?? [];
    workers = null;
    for (const { worker, queued } of stopping) {
      queued.length = 0;
      void worker.terminate();
    }
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  // Started on first use: a server that sends no bulk mail runs no threads.
  const start = () =>
    (workers ??= Array.from({ length: threads }, () => {
      const worker = new Worker(WORKER, { eval: true, workerData: { key } });
      worker.unref();
      worker.on('message', (replies: Reply[]) => {
        for (const reply of replies) {
          const waiting = pending.get(reply.id);
          pending.delete(reply.id);
          if (reply.signature !== undefined) waiting?.resolve(reply.signature);
          else waiting?.reject(new Error(`DKIM signing failed: ${reply.error}`));
        }
      });
      worker.on('error', (error) => stopAll(error));
      // A thread that ended (closed, or killed by the runtime) answers nothing more.
      worker.on('exit', () => {
        if (workers?.some((w) => w.worker === worker)) stopAll(new Error('DKIM signing stopped'));
      });
      return { worker, queued: [] };
    }));
  return {
    sign(data) {
      const pool = start();
      const id = next++;
      // Each turn's requests go to one thread, the next turn's to the next.
      const target = pool[turn % pool.length]!;
      if (!target.queued.length) {
        setImmediate(() => {
          const requests = target.queued.splice(0);
          turn++;
          if (requests.length) target.worker.postMessage(requests);
        });
      }
      target.queued.push({ id, data });
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
    },
    close() {
      stopAll(new Error('DKIM signing was closed'));
    },
  };
}
