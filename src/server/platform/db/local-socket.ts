/**
 * The embedded database, served to command-line tools on this machine while
 * a process holds it (the data directory takes one process at a time).
 *
 * A Unix socket named as PostgreSQL names its own (`.s.PGSQL.5432`), so any
 * PostgreSQL client reaches it with the socket's folder as host: psql, or
 * the `postgres` driver. Only the owner can connect: the folder is 0700 and
 * the socket 0600. Where it is, is written to `socket-location` in the data
 * directory, for tools to find.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket';
import { createCliSession, type CliSession } from './cli-session.ts';

/** The port in the socket's name; clients ask for it together with the folder. */
export const LOCAL_SOCKET_PORT = 5432;
const SOCKET_NAME = `.s.PGSQL.${LOCAL_SOCKET_PORT}`;
const LOCATION_FILE = 'socket-location';
/** A socket's path must fit in sockaddr_un (104 bytes on macOS, 108 on Linux, with the final NUL). */
const MAX_SOCKET_PATH_BYTES = 100;
/** Tools are few and short-lived; more connections than this are a runaway script. */
const MAX_CONNECTIONS = 8;

export interface LocalSocketServer {
  /** The folder holding the socket: a PostgreSQL client's host. */
  readonly directory: string;
  /** Closes the tools' connections (rolling back what they left open), then the socket. */
  close(): Promise<void>;
}

export interface LocalSocketOptions {
  /** How long a tool inside a transaction may keep the server waiting for its next message. */
  idleInTurnMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * The folder for the socket of `dataDir`: inside it when the path is short
 * enough, otherwise a private folder in the system's temporary folder named
 * after the data directory.
 */
export function localSocketDirectory(dataDir: string): string {
  const inside = path.join(path.resolve(dataDir), 'socket');
  if (Buffer.byteLength(path.join(inside, SOCKET_NAME)) <= MAX_SOCKET_PATH_BYTES) return inside;
  const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  const outside = path.join(os.tmpdir(), `redcap-db-${hash}`);
  if (Buffer.byteLength(path.join(outside, SOCKET_NAME)) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(`the socket path would be too long, even in ${os.tmpdir()} (set TMPDIR to a shorter folder)`);
  }
  return outside;
}

/** The socket folder of the process serving `dataDir` to tools, or null when none does. */
export function findLocalSocket(dataDir: string): string | null {
  let directory: string;
  try {
    directory = fs.readFileSync(path.join(dataDir, LOCATION_FILE), 'utf8').trim();
  } catch {
    return null;
  }
  return directory && fs.existsSync(path.join(directory, SOCKET_NAME)) ? directory : null;
}

/** Makes `directory` a folder only its owner can enter, refusing one someone else made. */
function makePrivateFolder(directory: string): void {
  try {
    fs.mkdirSync(directory, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stat = fs.lstatSync(directory);
  if (!stat.isDirectory() || stat.uid !== process.getuid?.()) {
    throw new Error(`${directory} exists and is not a folder of this user`);
  }
  fs.chmodSync(directory, 0o700);
}

/**
 * Serves `client` (the PGlite of `dataDir`, held by this process) on the
 * local socket. Call while holding the data directory's lock: a socket file
 * already there is a crashed owner's, and is replaced.
 */
export async function serveLocalSocket(
  client: PGlite,
  dataDir: string,
  options: LocalSocketOptions = {},
): Promise<LocalSocketServer> {
  await client.waitReady;
  const directory = localSocketDirectory(dataDir);
  makePrivateFolder(directory);
  const socketPath = path.join(directory, SOCKET_NAME);
  const locationPath = path.join(dataDir, LOCATION_FILE);
  fs.rmSync(socketPath, { force: true });

  const connections = new Map<net.Socket, CliSession>();
  const server = net.createServer((socket) => {
    const session = createCliSession(client, socket, options);
    connections.set(socket, session);
    const end = () => session.end().finally(() => connections.delete(socket));
    // pglite-socket's handler reads the protocol (startup, SSL refusal, message framing) and hands each
    // message to its queue; our session is that queue and decides when each message runs. These three
    // methods are all the handler calls.
    const queryQueue = {
      enqueue: (_handlerId: number, message: Uint8Array, onData: (bytes: Uint8Array) => void) =>
        session.run(message, onData),
      clearQueueForHandler: () => session.refuseMore(),
      clearTransactionIfNeeded: end,
    } as unknown as PGLiteSocketHandlerOptions['queryQueue'];
    const handler = new PGLiteSocketHandler({ queryQueue, closeOnDetach: true });
    handler.attach(socket).catch((error: unknown) => {
      options.onError?.(error);
      socket.destroy();
      void end();
    });
  });
  server.maxConnections = MAX_CONNECTIONS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      server.on('error', (error) => options.onError?.(error));
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  fs.writeFileSync(locationPath, `${directory}\n`, { mode: 0o600 });

  let closing: Promise<void> | null = null;
  return {
    directory,
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        const ended = [...connections].map(([socket, session]) => {
          socket.destroy();
          return session.end();
        });
        await Promise.all(ended);
        await closed;
        fs.rmSync(locationPath, { force: true });
        fs.rmSync(socketPath, { force: true });
        try {
          fs.rmdirSync(directory);
        } catch {
          // Something else was put in the folder: it stays.
        }
      })();
      return closing;
    },
  };
}
