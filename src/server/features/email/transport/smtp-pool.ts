/**
 * The SMTP client bulk mail goes out through: a pool of kept connections,
 * each sending one message after another. Where the server allows it
 * (PIPELINING, RFC 2920) a message's envelope and its DATA command go in
 * one write and the message with its end mark in another, so a message
 * costs two writes and two waits for the server instead of five: once a
 * message is written, its writes and waits are what it costs the sender
 * (docs/benchmarks.md compares this client with nodemailer's pool). STARTTLS (or TLS from the start, smtps://) and
 * AUTH PLAIN or LOGIN are spoken as relays such as Amazon SES ask.
 *
 * Transactional mail keeps nodemailer (attachments, calendar invites); the
 * messages here arrive written (mime.ts) and 7-bit clean.
 */
import net from 'node:net';
import os from 'node:os';
import tls from 'node:tls';

export interface SmtpConnectionOptions {
  host: string;
  port?: number;
  /** TLS from the first byte (smtps://, port 465). */
  secure?: boolean;
  auth?: { user: string; pass: string };
  tls?: tls.ConnectionOptions;
  /** Stay in plain text even when the server offers STARTTLS (a local relay). */
  ignoreTLS?: boolean;
  /** Refuse to send over a connection that could not be made private. */
  requireTLS?: boolean;
  /** The name given in EHLO (this machine's host name by default). */
  name?: string;
  /** How long to wait for a reply, and how long a connection may sit idle before it is closed. */
  timeoutMs?: number;
}

export interface SmtpEnvelope {
  from: string;
  to: string;
}

/** A failure to send, with the server's reply code when it answered. */
export class SmtpError extends Error {
  readonly responseCode: number | null;
  constructor(message: string, responseCode: number | null = null) {
    super(message);
    this.name = 'SmtpError';
    this.responseCode = responseCode;
  }
}

interface Reply {
  code: number;
  text: string;
}

interface Waiter {
  resolve(reply: Reply): void;
  reject(error: Error): void;
}

const DEFAULT_TIMEOUT_MS = 60_000;

const refused = (what: string, reply: Reply) =>
  new SmtpError(`${what} refused: ${reply.code} ${reply.text}`.slice(0, 500), reply.code);

/** An address for MAIL FROM or RCPT TO; line breaks or brackets would smuggle commands in. */
function envelopeAddress(address: string): string {
  if (/[\r\n<>]/.test(address) || !address.includes('@'))
    throw new SmtpError(`not an address: ${JSON.stringify(address.slice(0, 100))}`);
  return `<${address}>`;
}

/** The message as DATA carries it: lines starting with a dot doubled (RFC 5321 §4.5.2), then the end mark. */
function dataOf(raw: string): string {
  const stuffed = raw.startsWith('.') || raw.includes('\n.') ? raw.replace(/(^|\n)\./g, '$1..') : raw;
  return `${stuffed}${stuffed.endsWith('\r\n') ? '' : '\r\n'}.\r\n`;
}

class Connection {
  closed = false;
  /** Replies heard so far. */
  replies = 0;
  private socket: net.Socket;
  private incoming = '';
  /** The lines of the reply being read. */
  private replyLines: string[] = [];
  private readonly waiting: Waiter[] = [];
  private extensions = new Map<string, string>();

  private readonly options: SmtpConnectionOptions;

  private constructor(socket: net.Socket, options: SmtpConnectionOptions) {
    this.options = options;
    this.socket = socket;
    this.attach(socket);
  }

  /** Connected, greeted, made private and signed in as configured. */
  static async open(options: SmtpConnectionOptions): Promise<Connection> {
    const port = options.port ?? (options.secure ? 465 : 587);
    const servername = net.isIP(options.host) ? undefined : options.host;
    const socket = options.secure
      ? tls.connect({ ...options.tls, host: options.host, port, servername })
      : net.connect({ host: options.host, port });
    socket.setNoDelay(true);
    const connection = new Connection(socket, options);
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once(options.secure ? 'secureConnect' : 'connect', () => resolve());
        socket.once('error', reject);
      });
      await connection.expect('The greeting', 220, connection.reply());
      await connection.hello();
      if (connection.extensions.has('STARTTLS') && !options.secure && !options.ignoreTLS) {
        await connection.expect('STARTTLS', 220, connection.command('STARTTLS'));
        await connection.upgrade(servername);
        await connection.hello();
      } else if (options.requireTLS && !options.secure) {
        throw new SmtpError(`${options.host} does not offer STARTTLS and TLS is required`);
      }
      if (options.auth) await connection.login(options.auth);
      return connection;
    } catch (error) {
      connection.destroy(error as Error);
      throw error;
    }
  }

  private attach(socket: net.Socket) {
    socket.setEncoding('utf8');
    socket.setTimeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS, () => {
      // Idle for long: the server would drop it anyway. Waiting for a reply: the server is stuck.
      if (this.waiting.length) this.destroy(new SmtpError(`${this.options.host} did not answer in time`));
      else this.quit();
    });
    socket.on('data', this.onData);
    socket.on('error', (error) => this.destroy(error));
    socket.on('close', () => this.destroy(new SmtpError(`${this.options.host} closed the connection`)));
  }

  private readonly onData = (chunk: string) => {
    this.incoming += chunk;
    for (let end = this.incoming.indexOf('\n'); end >= 0; end = this.incoming.indexOf('\n')) {
      const line = this.incoming.slice(0, end).replace(/\r$/, '');
      this.incoming = this.incoming.slice(end + 1);
      this.collect(line);
    }
  };

  /** A reply is complete at the line whose fourth character is not a hyphen. */
  private collect(line: string) {
    this.replyLines.push(line.slice(4));
    if (line[3] === '-') return;
    const reply = { code: Number(line.slice(0, 3)), text: this.replyLines.join('\n') };
    this.replyLines = [];
    this.replies++;
    const waiter = this.waiting.shift();
    if (waiter) waiter.resolve(reply);
    // Spoken to unasked (421 before hanging up): nothing more will go through here.
    else this.destroy(refused('The connection', reply));
  }

  /** The next reply. */
  private reply(): Promise<Reply> {
    if (this.closed) return Promise.reject(new SmtpError(`the connection to ${this.options.host} is closed`));
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private command(line: string): Promise<Reply> {
    const reply = this.reply();
    this.socket.write(`${line}\r\n`);
    return reply;
  }

  private async expect(what: string, code: number, reply: Promise<Reply>): Promise<Reply> {
    const answer = await reply;
    if (answer.code !== code) throw refused(what, answer);
    return answer;
  }

  private async hello() {
    const name = this.options.name ?? os.hostname();
    let reply = await this.command(`EHLO ${name}`);
    if (reply.code !== 250) reply = await this.expect('HELO', 250, this.command(`HELO ${name}`));
    // The first line greets; each one after names an extension and its parameters.
    this.extensions = new Map(
      reply.text
        .split('\n')
        .slice(1)
        .map((line) => {
          const [keyword = '', ...rest] = line.trim().split(/\s+/);
          return [keyword.toUpperCase(), rest.join(' ').toUpperCase()];
        }),
    );
  }

  private async upgrade(servername: string | undefined) {
    // Anything the server sent after its 220 came before encryption: a reply smuggled in.
    if (this.incoming || this.replyLines.length)
      throw new SmtpError(`${this.options.host} sent more than asked before STARTTLS`);
    const plain = this.socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('close');
    plain.removeAllListeners('error');
    plain.setTimeout(0);
    const secured = tls.connect({ ...this.options.tls, socket: plain, servername });
    this.socket = secured;
    const stalled = () =>
      secured.destroy(new SmtpError(`${this.options.host} did not finish the TLS handshake in time`));
    secured.setTimeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS, stalled);
    await new Promise<void>((resolve, reject) => {
      secured.once('secureConnect', () => resolve());
      secured.once('error', reject);
    });
    secured.off('timeout', stalled);
    secured.setNoDelay(true);
    this.attach(secured);
  }

  private async login(auth: { user: string; pass: string }) {
    const methods = new Set((this.extensions.get('AUTH') ?? '').split(' '));
    if (methods.has('PLAIN')) {
      const token = Buffer.from(`\0${auth.user}\0${auth.pass}`, 'utf8').toString('base64');
      await this.expect('Signing in', 235, this.command(`AUTH PLAIN ${token}`));
    } else if (methods.has('LOGIN')) {
      await this.expect('Signing in', 334, this.command('AUTH LOGIN'));
      await this.expect('Signing in', 334, this.command(Buffer.from(auth.user, 'utf8').toString('base64')));
      await this.expect('Signing in', 235, this.command(Buffer.from(auth.pass, 'utf8').toString('base64')));
    } else {
      throw new SmtpError(`${this.options.host} offers no sign-in this client speaks (PLAIN or LOGIN)`);
    }
  }

  /** Sends one message; a refusal leaves the connection ready for the next. */
  async deliver(envelope: SmtpEnvelope, raw: string): Promise<void> {
    const from = envelopeAddress(envelope.from);
    const to = envelopeAddress(envelope.to);
    const international = /[\u0080-\uffff]/.test(from + to);
    if (international && !this.extensions.has('SMTPUTF8'))
      throw new SmtpError(`${this.options.host} does not take addresses outside ASCII`, 553);
    const mailFrom = `MAIL FROM:${from}${international ? ' SMTPUTF8' : ''}`;
    let mail: Reply, rcpt: Reply, data: Reply;
    if (this.extensions.has('PIPELINING')) {
      const replies = [this.reply(), this.reply(), this.reply()] as const;
      this.socket.write(`${mailFrom}\r\nRCPT TO:${to}\r\nDATA\r\n`);
      [mail, rcpt, data] = await Promise.all(replies);
    } else {
      mail = await this.command(mailFrom);
      rcpt = mail.code === 250 ? await this.command(`RCPT TO:${to}`) : mail;
      data = rcpt.code === 250 || rcpt.code === 251 ? await this.command('DATA') : rcpt;
    }
    const failure =
      mail.code !== 250
        ? refused('The sender', mail)
        : rcpt.code !== 250 && rcpt.code !== 251
          ? refused('The recipient', rcpt)
          : data.code !== 354
            ? refused('The message', data)
            : null;
    if (data.code === 354) {
      // An empty message when the envelope failed but DATA was let through anyway.
      const reply = this.reply();
      this.socket.write(failure ? '.\r\n' : dataOf(raw));
      const end = await reply;
      if (!failure && end.code !== 250) throw refused('The message', end);
    }
    if (failure) {
      const reset = await this.command('RSET').catch(() => null);
      if (reset?.code !== 250) this.quit();
      throw failure;
    }
  }

  quit() {
    if (this.closed) return;
    this.closed = true;
    this.socket.end('QUIT\r\n');
    this.fail(new SmtpError(`the connection to ${this.options.host} is closed`));
  }

  private destroy(error: Error) {
    if (!this.closed) {
      this.closed = true;
      this.socket.destroy();
    }
    this.fail(error);
  }

  private fail(error: Error) {
    for (const waiter of this.waiting.splice(0)) waiter.reject(error);
  }
}

export interface SmtpPool {
  /** Resolves once the server accepted the message; rejects with an SmtpError when it did not. */
  send(envelope: SmtpEnvelope, raw: string): Promise<void>;
  close(): void;
}

/** Up to `size` connections, opened as messages wait for them and reopened when the server hangs up. */
export function createSmtpPool(options: SmtpConnectionOptions, size: number): SmtpPool {
  const idle: Connection[] = [];
  const queue: ((connection: Connection | null) => void)[] = [];
  let opened = 0;
  let closing = false;

  async function acquire(): Promise<Connection> {
    for (;;) {
      if (closing) throw new SmtpError('the mail pool is closed');
      const ready = idle.pop();
      if (ready && !ready.closed) return ready;
      if (ready) {
        opened--;
        continue;
      }
      if (opened < size) {
        opened++;
        try {
          return await Connection.open(options);
        } catch (error) {
          opened--;
          // A message waiting for a connection tries to open its own (and hears why not).
          queue.shift()?.(null);
          throw error;
        }
      }
      const handed = await new Promise<Connection | null>((resolve) => queue.push(resolve));
      if (handed && !handed.closed) return handed;
      if (handed) opened--;
    }
  }

  function release(connection: Connection) {
    if (closing) {
      connection.quit();
      opened--;
      return;
    }
    const next = queue.shift();
    if (next) next(connection);
    else if (connection.closed) opened--;
    else idle.push(connection);
  }

  return {
    async send(envelope, raw) {
      const connection = await acquire();
      const heard = connection.replies;
      try {
        await connection.deliver(envelope, raw);
        return;
      } catch (error) {
        // A kept connection the server dropped while it sat idle, before it heard of this
        // message: once more on a fresh one. Anything later could have been accepted.
        if (!connection.closed || connection.replies !== heard) throw error;
      } finally {
        release(connection);
      }
      const fresh = await acquire();
      try {
        await fresh.deliver(envelope, raw);
      } finally {
        release(fresh);
      }
    },
    close() {
      closing = true;
      for (const connection of idle.splice(0)) connection.quit();
      for (const waiting of queue.splice(0)) waiting(null);
    },
  };
}
