/**
 * Whether the database can be reached now. Once a request meets a lost or
 * refused connection, the site stops queueing work for a database that is
 * not there (requests answer 503 at once instead of waiting out the outage)
 * and probes it on a connection of its own a few times a second; the first
 * probe that succeeds lets work through again.
 */
export interface Availability {
  reachable(): boolean;
  /** A connection failed: stop sending work until a probe succeeds. */
  reportUnreachable(): void;
  close(): void;
}

export const ALWAYS_AVAILABLE: Availability = {
  reachable: () => true,
  reportUnreachable: () => {},
  close: () => {},
};

export function createAvailability(probe: () => Promise<void>, intervalMs = 250): Availability {
  let down = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  const schedule = () => {
    timer = setTimeout(() => {
      timer = null;
      probe().then(
        () => {
          down = false;
        },
        () => {
          if (!closed) schedule();
        },
      );
    }, intervalMs);
    // Probing never keeps a stopping process alive.
    timer.unref();
  };
  return {
    reachable: () => !down,
    reportUnreachable() {
      if (down || closed) return;
      down = true;
      schedule();
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
}
