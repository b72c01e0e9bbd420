/**
 * An SMTP server for the newsletter benchmark, in a process of its own (so
 * it does not share the sender's event loop): it accepts every message,
 * counts it (and whether it carries a DKIM signature) and throws it away.
 * Started with an IPC channel: it sends `{ port }` once listening, then
 * `{ accepted, signed, bytes }` every 100 ms while the count moves, and
 * answers the message 'count' with the same figures at once. It ends when
 * its parent goes.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

if (!process.send) throw new Error('smtp-sink.ts is started by a benchmark, with an IPC channel');
const send = process.send.bind(process);

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
      // Nodemailer puts the signature first among the headers.
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
process.on('disconnect', () => process.exit(0));
