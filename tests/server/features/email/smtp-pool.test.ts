import net, { type AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpPool, SmtpError, type SmtpPool } from '../../../../src/server/features/email/transport/smtp-pool.ts';

interface Received {
  raw: string;
  from: string;
  to: string[];
  secure: boolean;
  user: string | undefined;
}

const servers: SMTPServer[] = [];
const pools: SmtpPool[] = [];

afterEach(async () => {
  for (const pool of pools.splice(0)) pool.close();
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

/** A real SMTP server (STARTTLS with smtp-server's own certificate unless told otherwise). */
async function serve(options: Partial<SMTPServerOptions> = {}) {
  const received: Received[] = [];
  const sessions = new Set<SMTPServerSession['id']>();
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    ...options,
    onConnect(session, callback) {
      sessions.add(session.id);
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          raw: Buffer.concat(chunks).toString('utf8'),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          secure: session.secure,
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, received, sessions, port: (server.server.address() as AddressInfo).port };
}

const message = (n: number, body = `Hello reader ${n}.`) =>
  `From: news@redcap.example\r\nTo: reader${n}@example.com\r\nSubject: Issue ${n}\r\nMessage-ID: <m${n}@redcap.example>\r\n\r\n${body}\r\n`;

const envelope = (n: number) => ({ from: 'bounces@redcap.example', to: `reader${n}@example.com` });

function pool(port: number, extra: Partial<Parameters<typeof createSmtpPool>[0]> = {}, size = 2) {
  const made = createSmtpPool({ host: '127.0.0.1', port, tls: { rejectUnauthorized: false }, ...extra }, size);
  pools.push(made);
  return made;
}

describe('the bulk mail SMTP pool', () => {
  it('sends over STARTTLS signed in with PLAIN, each message whole, over no more connections than the pool holds', async () => {
    const smtp = await serve({
      authMethods: ['PLAIN', 'LOGIN'],
      onAuth(auth, _session, callback) {
        if (auth.username === 'relay' && auth.password === 'secret pass') callback(null, { user: auth.username });
        else callback(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }));
      },
    });
    const sender = pool(smtp.port, { auth: { user: 'relay', pass: 'secret pass' } });
    // A line that starts with a dot must arrive as written (it is doubled on the wire and undoubled there).
    const bodies = Array.from({ length: 6 }, (_, n) => `Line one.\r\n.starts with a dot\r\n..two dots ${n}`);
    await Promise.all(bodies.map((body, n) => sender.send(envelope(n), message(n, body))));

    expect(smtp.received).toHaveLength(6);
    for (const [n, body] of bodies.entries()) {
      const got = smtp.received.find((r) => r.to[0] === `reader${n}@example.com`)!;
      expect(got.raw).toBe(message(n, body));
      expect(got.from).toBe('bounces@redcap.example');
      expect(got).toMatchObject({ secure: true, user: 'relay' });
    }
    expect(smtp.sessions.size).toBeLessThanOrEqual(2);
  });

  it('signs in with LOGIN when that is all the server offers, and reports a wrong password with its code', async () => {
    const smtp = await serve({
      authMethods: ['LOGIN'],
      onAuth(auth, _session, callback) {
        if (auth.password === 'right') callback(null, { user: auth.username });
        else callback(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }));
      },
    });
    await pool(smtp.port, { auth: { user: 'relay', pass: 'right' } }).send(envelope(1), message(1));
    expect(smtp.received.map((r) => r.user)).toEqual(['relay']);

    const refused = pool(smtp.port, { auth: { user: 'relay', pass: 'wrong' } }).send(envelope(2), message(2));
    await expect(refused).rejects.toMatchObject({ name: 'SmtpError', responseCode: 535 });
    expect(smtp.received).toHaveLength(1);
  });

  it('goes on after a refused recipient, and sends one message at a time to a server without pipelining', async () => {
    for (const hidePIPELINING of [false, true]) {
      const smtp = await serve({
        hidePIPELINING,
        disabledCommands: ['STARTTLS'],
        onRcptTo(address, _session, callback) {
          if (address.address.startsWith('gone'))
            callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
          else callback();
        },
      });
      const sender = pool(smtp.port, {}, 1);
      await sender.send(envelope(1), message(1));
      await expect(sender.send({ ...envelope(2), to: 'gone@example.com' }, message(2))).rejects.toMatchObject({
        responseCode: 550,
      });
      await sender.send(envelope(3), message(3));
      expect(smtp.received.map((r) => r.to[0])).toEqual(['reader1@example.com', 'reader3@example.com']);
      expect(smtp.sessions.size).toBe(1);
    }
  });

  it('opens a fresh connection when the server hung up on an idle one', async () => {
    const smtp = await serve({ disabledCommands: ['STARTTLS'], socketTimeout: 300 });
    const sender = pool(smtp.port, {}, 1);
    await sender.send(envelope(1), message(1));
    // The server drops the connection after 300 ms of silence.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await sender.send(envelope(2), message(2));
    expect(smtp.received).toHaveLength(2);
    expect(smtp.sessions.size).toBe(2);
  });

  it('refuses an address that would add a command, sending nothing', async () => {
    const smtp = await serve({ disabledCommands: ['STARTTLS'] });
    const sender = pool(smtp.port);
    const forged = { ...envelope(1), to: 'reader@example.com>\r\nRCPT TO:<other@example.com' };
    await expect(sender.send(forged, message(1))).rejects.toBeInstanceOf(SmtpError);
    expect(smtp.received).toHaveLength(0);
  });

  it('will not send in plain text when TLS is required and the server offers none', async () => {
    const smtp = await serve({ disabledCommands: ['STARTTLS'] });
    const sent = pool(smtp.port, { requireTLS: true }).send(envelope(1), message(1));
    await expect(sent).rejects.toThrow(/does not offer STARTTLS/);
    expect(smtp.received).toHaveLength(0);
  });

  it('fails every waiting message, not only the first, when the server cannot be reached', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const sender = pool(port, {}, 1);
    const results = await Promise.allSettled([1, 2, 3].map((n) => sender.send(envelope(n), message(n))));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });

  it('gives up on a server that accepts STARTTLS and then never finishes the handshake', async () => {
    // A server that says yes to STARTTLS and then goes quiet.
    const silent = net.createServer((socket) => {
      socket.write('220 mail.example ESMTP\r\n');
      socket.on('data', (chunk) => {
        const line = chunk.toString();
        if (line.startsWith('EHLO')) socket.write('250-mail.example\r\n250 STARTTLS\r\n');
        else if (line.startsWith('STARTTLS')) socket.write('220 Go ahead\r\n');
      });
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const sent = pool(port, { timeoutMs: 300 }).send(envelope(1), message(1));
      await expect(sent).rejects.toThrow(/TLS handshake in time/);
    } finally {
      silent.close();
    }
  });
});
