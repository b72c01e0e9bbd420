/**
 * Instances of the server that share one PostgreSQL database cooperate
 * through it:
 * - messages: what one instance changed (content, market data, a published
 *   site) is announced to the others with NOTIFY on one channel; each
 *   instance LISTENs on a connection of its own (the driver reconnects and
 *   listens again after a loss, and the content changes record is polled as
 *   a fallback, see main.ts);
 * - leadership: exactly one instance at a time holds a session advisory
 *   lock and runs the scheduled jobs and the site builds. The lock lives
 *   with the leader's connection, so when the leader dies PostgreSQL frees
 *   it and another instance takes it at its next check (every second).
 * The embedded database serves one process: that process leads, alone.
 */
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import type { Logger } from './logger.ts';

/** What instances tell each other. */
export type ClusterTopic = 'content' | 'market' | 'site';

export interface ClusterMessage {
  /** The instance that sent it. */
  from: string;
  topic: ClusterTopic;
  data: Record<string, unknown>;
}

export interface Cluster {
  readonly instanceId: string;
  isLeader(): boolean;
  /** Hears leadership won (true) or lost (false). */
  onLeadership(listener: (leader: boolean) => void): () => void;
  /** Tells every other instance (never this one). */
  publish(topic: ClusterTopic, data?: Record<string, unknown>): void;
  /** Hears what other instances tell. */
  on(topic: ClusterTopic, listener: (data: Record<string, unknown>) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'redcap_cluster';
/** Key of the leader's advisory lock (migrations use another). */
export const LEADER_LOCK_KEY = 7_320_116;
/** NOTIFY payloads are limited to 8000 bytes by PostgreSQL. */
const MAX_PAYLOAD = 7900;

function listenerSet<T>() {
  const listeners = new Set<(value: T) => void>();
  return {
    add(listener: (value: T) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    tell(value: T) {
      for (const listener of listeners) listener(value);
    },
  };
}

/** The embedded database's single process: it always leads, and there is no one to tell. */
export function singleInstance(): Cluster {
  return {
    instanceId: randomUUID(),
    isLeader: () => true,
    onLeadership: () => () => {},
    publish: () => {},
    on: () => () => {},
    close: async () => {},
  };
}

export interface PostgresClusterOptions {
  url: string;
  logger: Logger;
  /** How often a follower tries to take the lead, and the leader checks it still holds it. */
  leaseCheckMs?: number;
}

export async function joinPostgresCluster(options: PostgresClusterOptions): Promise<Cluster> {
  const { logger } = options;
  const instanceId = randomUUID();
  const leaseCheckMs = options.leaseCheckMs ?? 1000;
  const topics = new Map<ClusterTopic, ReturnType<typeof listenerSet<Record<string, unknown>>>>();
  const leadership = listenerSet<boolean>();
  let leader = false;
  let closed = false;

  // Messages: the driver keeps a dedicated LISTEN connection and listens again after reconnecting.
  const messages = postgres(options.url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  const listening = await messages.listen(CHANNEL, (payload) => {
    let message: ClusterMessage;
    try {
      message = JSON.parse(payload) as ClusterMessage;
    } catch {
      return;
    }
    if (message.from === instanceId) return;
    topics.get(message.topic)?.tell(message.data ?? {});
  });

  // Leadership: a connection that is never recycled, since the lock lives and dies with it.
  const lease = postgres(options.url, {
    max: 1,
    onnotice: () => {},
    connect_timeout: 5,
    idle_timeout: 0,
    max_lifetime: null,
  });
  const setLeader = (value: boolean) => {
    if (value === leader) return;
    leader = value;
    logger.info({ instance: instanceId }, value ? 'this instance leads: jobs and site builds run here' : 'lead lost');
    leadership.tell(value);
  };
  const checkLease = async () => {
    try {
      // Still holding it (the connection may have been replaced), or take it if free.
      const [row] = await lease<{ leader: boolean }[]>`
        select case when exists (
          select 1 from pg_locks
          where locktype = 'advisory' and classid = 0 and objid = ${LEADER_LOCK_KEY} and objsubid = 1
            and pid = pg_backend_pid() and granted
        ) then true else pg_try_advisory_lock(${LEADER_LOCK_KEY}) end as leader`;
      if (!closed) setLeader(row?.leader === true);
    } catch (error) {
      // Without its connection the lock is gone: lead no longer until it is taken again.
      if (!closed) {
        logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'leadership check failed');
        setLeader(false);
      }
    }
  };
  await checkLease();
  let checking: Promise<void> | null = null;
  const timer = setInterval(() => {
    checking ??= checkLease().finally(() => (checking = null));
  }, leaseCheckMs);
  timer.unref();

  return {
    instanceId,
    isLeader: () => leader,
    onLeadership: leadership.add,
    publish(topic, data = {}) {
      const payload = JSON.stringify({ from: instanceId, topic, data } satisfies ClusterMessage);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) {
        logger.warn({ topic }, 'cluster message too large; not sent');
        return;
      }
      messages.notify(CHANNEL, payload).catch((error: unknown) => {
        // Others find the change by polling (see main.ts).
        logger.warn({ topic, err: error instanceof Error ? error.message : String(error) }, 'cluster message not sent');
      });
    },
    on(topic, listener) {
      let set = topics.get(topic);
      if (!set) topics.set(topic, (set = listenerSet()));
      return set.add(listener);
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await checking;
      await listening.unlisten().catch(() => {});
      // Ending the lease connection frees the lock at once for another instance.
      await Promise.all([lease.end({ timeout: 2 }), messages.end({ timeout: 2 })]);
      setLeader(false);
    },
  };
}
