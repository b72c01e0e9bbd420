/**
 * One command-line tool's connection to the embedded database while another
 * user of it (the server) runs.
 *
 * PGlite is a single PostgreSQL backend: the server's queries and every
 * tool's wire-protocol messages run in the same session. Run one message at
 * a time, as they arrive, and a server query could land between a tool's
 * Parse and Bind (replacing its unnamed statement), or inside a tool's open
 * transaction (and be rolled back with it), and a tool's statement inside
 * one of the server's transactions. So a tool takes turns: a turn lasts from
 * its first message until the backend is idle outside a transaction again
 * (ReadyForQuery with status I), and holds PGlite's transaction lock, which
 * every query and transaction of the server takes too.
 *
 * While a tool holds its turn the server waits, so a turn left idle (a
 * forgotten BEGIN in a shell) is ended as PostgreSQL's
 * idle_in_transaction_session_timeout would: the connection is closed with
 * a FATAL error and its transaction rolled back.
 */
import type { Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

const QUERY = 0x51; // 'Q'
const PARSE = 0x50; // 'P'
const SYNC = 0x53; // 'S'
const TERMINATE = 0x58; // 'X'
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I': ReadyForQuery's status outside a transaction

/** How long a tool may keep the server waiting between two of its messages. */
export const DEFAULT_IDLE_IN_TURN_MS = 15_000;

/**
 * COPY FROM STDIN makes PGlite read the rows from its own input, where there
 * are none: it never returns, and the whole process hangs. Refused before it
 * runs (COPY TO STDOUT works).
 */
const COPY_FROM_STDIN = /\bcopy\b[\s\S]*\bfrom\b[\s\S]*\bstdin\b/i;

function wireMessage(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

const cString = (text: string) => Buffer.from(`${text}\0`, 'utf8');
const simpleQuery = (sql: string) => wireMessage('Q', cString(sql));
const readyForQuery = (status: 'I' | 'T') => wireMessage('Z', Buffer.from(status));

function errorResponse(severity: 'ERROR' | 'FATAL', code: string, message: string): Buffer {
  const field = (name: string, value: string) => Buffer.concat([Buffer.from(name), cString(value)]);
  return wireMessage(
    'E',
    Buffer.concat([
      field('S', severity),
      field('V', severity),
      field('C', code),
      field('M', message),
      Buffer.from([0]),
    ]),
  );
}

/** The SQL text of a simple Query or a Parse message, or null for any other message. */
function statementOf(message: Uint8Array): string | null {
  if (message[0] !== QUERY && message[0] !== PARSE) return null;
  const body = Buffer.from(message.buffer, message.byteOffset + 5, message.length - 5);
  // A Parse message names its statement first.
  const start = message[0] === PARSE ? body.indexOf(0) + 1 : 0;
  return body.toString('utf8', start, body.indexOf(0, start));
}

/** Follows the backend's messages across chunks, to tell where a reply left it. */
class BackendMessages {
  #header = Buffer.alloc(5);
  #headerBytes = 0;
  #bodyLeft = 0;
  #status: number | null = null;
  #completedInReply = false;
  #lastType: number | null = null;

  /** A frontend message was sent: what comes next is its reply. */
  startReply(): void {
    this.#completedInReply = false;
  }

  read(bytes: Uint8Array): void {
    let at = 0;
    while (at < bytes.length) {
      if (this.#headerBytes < 5) {
        this.#header[this.#headerBytes++] = bytes[at++]!;
        if (this.#headerBytes < 5) continue;
        this.#bodyLeft = this.#header.readInt32BE(1) - 4;
        this.#status = null;
      } else {
        if (this.#header[0] === READY_FOR_QUERY) this.#status = bytes[at]!;
        const taken = Math.min(this.#bodyLeft, bytes.length - at);
        at += taken;
        this.#bodyLeft -= taken;
      }
      if (this.#bodyLeft <= 0) {
        this.#lastType = this.#header[0]!;
        this.#headerBytes = 0;
        this.#completedInReply = true;
      }
    }
  }

  /** Whether the reply ended with ReadyForQuery outside a transaction: the backend waits for anyone's query. */
  get idleOutsideTransaction(): boolean {
    return (
      this.#completedInReply && this.#headerBytes === 0 && this.#lastType === READY_FOR_QUERY && this.#status === IDLE
    );
  }
}

/** Waits for PGlite's transaction lock and keeps it until the returned function is called. */
function takeTurn(client: PGlite): Promise<() => void> {
  return new Promise((granted) => {
    // The lock behind PGlite's query() and transaction(): the only one the server's own work waits for.
    void client._runExclusiveTransaction(() => new Promise<void>((release) => granted(release)));
  });
}

export interface CliSession {
  /** Runs one frontend message for the tool, streaming the backend's reply to `onReply`; resolves with its size. */
  run(message: Uint8Array, onReply: (bytes: Uint8Array) => void): Promise<number>;
  /** Refuses the tool's further messages (it is going away). */
  refuseMore(): void;
  /** Once the tool's last message ran: rolls back what it left open, resets its session settings, ends its turn. */
  end(): Promise<void>;
}

export function createCliSession(
  client: PGlite,
  socket: Socket,
  { idleInTurnMs = DEFAULT_IDLE_IN_TURN_MS, onError = (_error: unknown) => {} } = {},
): CliSession {
  const backend = new BackendMessages();
  let endTurn: (() => void) | null = null;
  let refused = false;
  /** After a refused Parse, the rest of its exchange is dropped, as a backend does after an error. */
  let skippingToSync = false;
  let ending: Promise<void> | null = null;
  // The tool's messages run in the order they came, each after the previous one's reply.
  let queue: Promise<unknown> = Promise.resolve();
  let idleTimer: NodeJS.Timeout | undefined;

  const stopIdleClock = () => clearTimeout(idleTimer);
  const startIdleClock = () => {
    if (!endTurn) return;
    idleTimer = setTimeout(() => {
      const seconds = idleInTurnMs / 1000;
      socket.end(
        errorResponse(
          'FATAL',
          '25P03',
          `terminating connection due to idle-in-transaction timeout (${seconds} s): the database is shared, and waits for it`,
        ),
      );
      // A client that never closes its side is cut off.
      setTimeout(() => socket.destroy(), 1000).unref();
      void session.end();
    }, idleInTurnMs);
    idleTimer.unref();
  };

  /** Answers for the backend, which never sees the message. */
  function answer(reply: Buffer, onReply: (bytes: Uint8Array) => void): number {
    onReply(new Uint8Array(reply));
    startIdleClock();
    return reply.length;
  }

  async function runNow(message: Uint8Array, onReply: (bytes: Uint8Array) => void): Promise<number> {
    stopIdleClock();
    if (refused) throw new Error('The connection is closing');
    // PGlite's backend outlives every connection: a tool's Terminate only precedes its close.
    if (message[0] === TERMINATE) return 0;
    if (skippingToSync) {
      if (message[0] !== SYNC) return 0;
      skippingToSync = false;
      // With no turn taken, the backend never saw the exchange: the tool gets its ReadyForQuery from us.
      if (!endTurn) return answer(readyForQuery('I'), onReply);
    } else if (COPY_FROM_STDIN.test(statementOf(message) ?? '')) {
      const refusal = errorResponse(
        'ERROR',
        '0A000',
        'COPY FROM STDIN is not supported by the embedded database: insert the rows with INSERT',
      );
      if (message[0] === PARSE) {
        skippingToSync = true;
        return answer(refusal, onReply);
      }
      const status = endTurn && client.isInTransaction() ? 'T' : 'I';
      return answer(Buffer.concat([refusal, readyForQuery(status)]), onReply);
    }

    endTurn ??= await takeTurn(client);
    let size = 0;
    backend.startReply();
    await client.runExclusive(() =>
      client.execProtocolRawStream(message, {
        onRawData: (bytes) => {
          size += bytes.length;
          backend.read(bytes);
          onReply(bytes);
        },
      }),
    );
    if (backend.idleOutsideTransaction) {
      endTurn();
      endTurn = null;
    } else {
      startIdleClock();
    }
    return size;
  }

  async function cleanUp(): Promise<void> {
    stopIdleClock();
    const release = endTurn ?? (await takeTurn(client));
    endTurn = null;
    try {
      await client.runExclusive(async () => {
        // Ends an extended-protocol exchange left half-way (harmless when there is none).
        await client.execProtocolRaw(wireMessage('S'));
        if (client.isInTransaction()) await client.execProtocolRaw(simpleQuery('ROLLBACK'));
        // Settings, prepared statements and temporary tables of the tool would otherwise stay with the server.
        await client.execProtocolRaw(simpleQuery('DISCARD ALL'));
      });
    } catch (error) {
      onError(error);
    } finally {
      release();
    }
  }

  const session: CliSession = {
    run(message, onReply) {
      const result = queue.then(() => runNow(message, onReply));
      queue = result.catch(() => {});
      return result;
    },
    refuseMore() {
      refused = true;
    },
    end() {
      refused = true;
      ending ??= queue.then(cleanUp);
      return ending;
    },
  };
  return session;
}
