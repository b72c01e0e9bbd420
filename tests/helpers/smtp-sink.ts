/** A real SMTP server that keeps every message it accepts, for tests of what the outbox sends. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SunkMessage {
  raw: string;
  from: string;
  to: string[];
  /** The name the sending client gave in EHLO (which instance sent it). */
  client: string;
  /** A header's value, unfolded; null when the message has none. */
  header(name: string): string | null;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: SunkMessage[];
  /** Resolves once `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

export async function startSmtpSink(onMessage?: (message: SunkMessage) => void): Promise<SmtpSink> {
  const messages: SunkMessage[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    // A client still connected when the sink closes is cut off after a second (the default waits 30 s).
    closeTimeout: 1000,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const message: SunkMessage = {
          raw,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          client: session.hostNameAppearsAs,
          header: (name) => headerOf(raw, name),
        };
        messages.push(message);
        onMessage?.(message);
        for (const wake of waiters) wake();
        done();
      });
    },
  });
  // A sender killed mid-conversation (the crash tests) resets its connection: that is the sender's end, not the sink's.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(count, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`The SMTP sink got ${messages.length} of ${count} messages`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
