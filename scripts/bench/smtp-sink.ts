/**
 * An SMTP server for the newsletter benchmark, in a process of its own (so
 * it does not share the sender's event loop): it accepts every message,
 * counts it (and whether it carries a DKIM signature) and throws it away.
 * `startSink()` starts this file as that process and reads its count over
 * IPC; run directly (by `startSink`), the file is the sink.
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SinkFigures {
  accepted: number;
  /** Messages whose headers carry a DKIM-Signature. */
  signed: number;
  bytes: number;
}

export interface Sink {
  url: string;
  /** Hears the count as it moves (about every 100 ms). */
  onCount(listener: (figures: SinkFigures) => void): void;
  /** The figures now. */
  figures(): Promise<SinkFigures>;
  stop(): Promise<void>;
}

type Report = Partial<SinkFigures> & { port?: number; final?: boolean };

export async function startSink(): Promise<Sink> {
  const child = spawn(process.execPath, [import.meta.filename], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: Report) => resolve(message.port!));
    child.once('exit', (code) => reject(new Error(`the SMTP sink ended (${code}) before listening`)));
  });
  const listeners: ((figures: SinkFigures) => void)[] = [];
  const finals: ((figures: SinkFigures) => void)[] = [];
  child.on('message', (message: Report) => {
    if (message.accepted === undefined) return;
    for (const listener of message.final ? finals.splice(0) : listeners) listener(message as SinkFigures);
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    onCount: (listener) => listeners.push(listener),
    figures: () =>
      new Promise((resolve) => {
        finals.push(resolve);
        child.send('count');
      }),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

/** The sink itself: `{ port }` once listening, then its figures every 100 ms while they move, and on 'count'. */
function serve(send: (message: Report) => void) {
  let accepted = 0;
  let signed = 0;
  let bytes = 0;
  const figures = () => ({ accepted, signed, bytes });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      let first = true;
      stream.on('data', (chunk: Buffer) => {
        // The signature comes first among the headers.
        if (first && chunk.subarray(0, 4096).toString('latin1').includes('DKIM-Signature:')) signed++;
        first = false;
        bytes += chunk.length;
      });
      stream.on('end', () => {
        accepted++;
        done();
      });
    },
  });
  server.listen(0, '127.0.0.1', () => send({ port: (server.server.address() as AddressInfo).port }));
  let reported = -1;
  setInterval(() => {
    if (accepted === reported) return;
    reported = accepted;
    send(figures());
  }, 100).unref();
  process.on('message', (message) => {
    if (message === 'count') send({ ...figures(), final: true });
  });
  // It ends with the benchmark.
  process.on('disconnect', () => process.exit(0));
}

if (import.meta.main) {
  if (!process.send) throw new Error('smtp-sink.ts is started by startSink(), with an IPC channel');
  // Nothing to tell once the benchmark has gone (a count due as it disconnected).
  serve((message) => process.connected && process.send!(message));
}
