/**
 * The SMTP listener that receives delivery status notifications. Receiving servers send their bounce
 * reports to our return path (bounces+<reference>@<bounce domain>); the site's MTA relays mail for that
 * domain to this port, where each report is read into feedback and handed to the caller, which
 * suppresses the addresses.
 *
 * It listens in the clear and without authentication because it sits behind the MTA on an internal
 * port (loopback unless told otherwise): TLS and the fight against the open internet are the MTA's.
 * What it still guards itself: it takes mail only for the bounce domains, and only up to a size,
 * since whoever can reach the return path can write to it. A report is acknowledged only once the
 * caller has stored its feedback; until then the sender is told to try again later, so a database
 * outage costs a delay, never a bounce.
 */
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { SMTPServerDataStream, SMTPServerError, SMTPServerSession } from 'smtp-server';
import { SMTPServer } from 'smtp-server';
import { readDeliveryStatus } from './dsn.ts';
import type { MailFeedback } from './feedback.ts';

export interface BounceReceiverOptions {
  port: number;
  /** Defaults to 127.0.0.1: the listener is meant for the MTA in front of it, not the world. */
  host?: string;
  /** Only messages to these domains are accepted (RCPT TO refused otherwise with 550); empty = any. */
  domains: readonly string[];
  onFeedback: (feedback: MailFeedback[]) => Promise<void>;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Default 1 MiB; larger → 552. A report with the headers of our message is a few kilobytes. */
  maxMessageBytes?: number;
}

export interface BounceReceiver {
  /** The address it listens on. */
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
}

const DEFAULT_MAX_MESSAGE_BYTES = 1024 * 1024;

export async function startBounceReceiver(options: BounceReceiverOptions): Promise<BounceReceiver> {
  const { logger, onFeedback } = options;
  const maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const domains = new Set(options.domains.map((domain) => domain.trim().toLowerCase()));

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    // Advertised, so a sender that declares a larger SIZE is refused before it sends anything.
    size: maxBytes,
    // The only client is the MTA at a known address; a reverse lookup would only add a delay.
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      const domain = address.address.slice(address.address.lastIndexOf('@') + 1).toLowerCase();
      if (domains.size > 0 && (!address.address.includes('@') || !domains.has(domain))) {
        callback(smtpError(550, 'Error: this server takes mail only for its bounce domains'));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      receive(stream, session).then(
        (reply) => callback(null, reply),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });

  /** Answers one message: the reply text when it is taken, a thrown SMTP error when it is not. */
  async function receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const raw = await collect(stream, maxBytes);
    const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
    const context = { session: session.id, recipients };
    if (!raw) {
      logger.warn({ ...context, bytes: stream.byteLength }, 'bounce receiver refused an oversized message');
      throw smtpError(552, 'Error: message exceeds fixed maximum message size');
    }

    let feedback: MailFeedback[];
    try {
      feedback = await readDeliveryStatus(raw, recipients);
    } catch (error) {
      // A message the parser cannot read would fail the same way on every retry: take it and drop it.
      logger.warn({ ...context, err: error }, 'bounce receiver dropped a message it could not parse');
      return 'OK: dropped';
    }
    if (feedback.length === 0) {
      logger.info(
        { ...context, bytes: raw.length },
        'bounce receiver dropped a message that reports nothing to act on',
      );
      return 'OK: dropped';
    }

    try {
      await onFeedback(feedback);
    } catch (error) {
      logger.error({ ...context, err: error }, 'bounce receiver could not store feedback; the sender will retry');
      throw smtpError(451, 'Error: temporary local problem, try again later');
    }
    logger.info({ ...context, feedback: feedback.length }, 'bounce receiver read a delivery status notification');
    return 'OK: feedback stored';
  }

  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', failed);
      resolve();
    });
  });
  // Connection errors (a client resetting, a socket timing out) are emitted on the server; without a
  // listener they would take the process down.
  server.on('error', (error) => logger.warn({ err: error }, 'bounce receiver connection error'));

  const { address: host, port } = server.server.address() as AddressInfo;
  return {
    host,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The message, or null when it went over the limit. The stream is read to its end either way: the
 * SMTP reply can only be sent once the client has finished DATA.
 */
async function collect(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes <= maxBytes) chunks.push(chunk);
  }
  return stream.sizeExceeded || bytes > maxBytes ? null : Buffer.concat(chunks);
}

function smtpError(responseCode: number, message: string): SMTPServerError {
  return Object.assign(new Error(message), { responseCode });
}
