/**
 * The HTTP server: it takes its port first, answering 503 while the rest of
 * the start runs (so a port in use is known before any seed), then serves
 * the app. Stopping is graceful: from the stop on every answer closes its
 * connection, idle connections close at once, requests that reached the
 * server are answered, and the server is closed as soon as the last one is.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';

export interface HttpServer {
  /** The port it listens on (the one the system chose for port 0). */
  readonly port: number;
  /** Serves `fetch` from now on. */
  serve(fetch: (request: Request) => Response | Promise<Response>): void;
  /** Stops gracefully; connections still open after `timeoutMs` are cut. */
  stop(timeoutMs: number): Promise<void>;
}

export class ListenError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'ListenError';
    this.code = code;
  }
}

const STARTING_BODY = JSON.stringify({ message: 'The server is starting. Please try again in a moment.' });

function starting(_req: http.IncomingMessage, res: http.ServerResponse): void {
  res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '2', 'Cache-Control': 'no-store' });
  res.end(STARTING_BODY);
}

/** Listens on host and port, or refuses with a sentence naming the setting and the cause. */
/** How long an idle keep-alive connection is kept open. */
const KEEP_ALIVE_MS = 65_000;

export async function listen(options: { port: number; host: string }): Promise<HttpServer> {
  let handler: http.RequestListener = starting;
  let stopping = false;
  // Answers being prepared: when the stop comes, they too become the last on their connection.
  const unanswered = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    if (stopping) res.setHeader('Connection', 'close');
    else {
      unanswered.add(res);
      res.once('close', () => unanswered.delete(res));
    }
    handler(req, res);
  });
  // Idle connections stay open longer than clients and proxies keep theirs (nginx, load balancers, fetch: 4–60 s),
  // so the client is the one to close: with Node's 5 s, a request sent as the server closes is lost.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (error: NodeJS.ErrnoException) => {
      const where = `PORT=${options.port}, HOST=${options.host}`;
      const reason =
        error.code === 'EADDRINUSE'
          ? `port ${options.port} is already in use: stop the other server or set PORT`
          : error.code === 'EACCES'
            ? `not allowed to listen on port ${options.port}: use a port above 1023 or set PORT`
            : error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN' || error.code === 'EADDRNOTAVAIL'
              ? `${options.host} is not an address of this machine: set HOST (0.0.0.0 listens on all)`
              : error.message;
      reject(new ListenError(error.code ?? 'ELISTEN', `Cannot listen (${where}): ${reason}.`));
    });
    server.listen(options.port, options.host);
  });
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    serve(fetch) {
      handler = getRequestListener(fetch);
    },
    stop(timeoutMs) {
      stopping = true;
      // From now on each answer is the last on its connection.
      for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
      unanswered.clear();
      return new Promise<void>((resolve) => {
        const sweep = setInterval(closeIdleAfterReading, 50);
        const cut = setTimeout(() => server.closeAllConnections(), Math.max(100, timeoutMs));
        cut.unref();
        // Closing also closes the idle connections: it too waits until what has arrived is read.
        closeIdleAfterReading(() =>
          server.close(() => {
            clearInterval(sweep);
            clearTimeout(cut);
            resolve();
          }),
        );
      });
    },
  };

  /**
   * A connection counts as idle until the bytes of its next request are
   * read; under load they may wait in the socket. Closing it then would reset
   * a request the client has sent, so idle connections are closed only after
   * the event loop has read what arrived (a poll phase comes before each
   * check phase, and the second immediate runs after one more poll).
   */
  function closeIdleAfterReading(close: () => void = () => server.closeIdleConnections()): void {
    setImmediate(() => setImmediate(close));
  }
}
