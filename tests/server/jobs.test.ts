import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSnapshotStore } from '../../src/server/features/screener/index.ts';
import { serverJobs } from '../../src/server/jobs.ts';
import { createChangeBus, type ChangeBus } from '../../src/server/platform/changes.ts';
import { singleInstance } from '../../src/server/platform/cluster.ts';
import { loadConfig } from '../../src/server/platform/config.ts';
import type { Database, Db } from '../../src/server/platform/db/client.ts';
import { createLogger } from '../../src/server/platform/logger.ts';

/** The server's jobs as declared; declaring them touches no database, only their runs do. */
const declared = (db: Db, changes: ChangeBus) =>
  serverJobs({
    config: loadConfig({ LOG_LEVEL: 'silent', OUTBOX_DIR: path.join(os.tmpdir(), 'redcap-jobs-test-outbox') }),
    database: { db } as Database,
    logger: createLogger('silent'),
    changes,
    cluster: singleInstance(),
    snapshots: createSnapshotStore(db),
    wake: () => {},
    say: () => {},
  });

describe("the server's background jobs", () => {
  it('gather every part’s jobs: transactional message delivery, alert delivery and the changes poll on every instance, bulk mail, alert raising, digests and the rest on the leader', () => {
    const db = {} as Db;
    const changes = createChangeBus(db);
    const jobs = declared(db, changes);
    changes.close();
    expect(jobs.map((job) => [job.name, job.leaderOnly ?? false])).toEqual([
      ['outbox', false],
      ['bulk-mail', true],
      ['alert-delivery', false],
      ['alert-digests', true],
      ['newsletter', true],
      ['event-reminders', true],
      ['broadcasts', true],
      ['chat-guest-threads', true],
      ['content-changes-poll', false],
      ['market-data', true],
      ['edgar-sync', true],
      ['trials-sync', true],
      ['short-interest-fetch', true],
      ['analysts-sync', true],
      ['alert-raising', true],
    ]);
    expect(new Set(jobs.map((job) => job.name)).size).toBe(jobs.length);
    for (const job of jobs) expect(job.intervalMs).toBeGreaterThan(0);
  });

  it('wake alert raising when an article, a video or an event is committed (here or on another instance), not for a company page', () => {
    const db = {} as Db;
    const changes = createChangeBus(db);
    const raising = declared(db, changes).find((job) => job.name === 'alert-raising')!;
    let wakes = 0;
    const stop = raising.wakeOn!(() => void wakes++);
    for (const kind of ['news', 'video', 'event', 'company'] as const)
      changes.announceRemote({ kind, entityId: 1, op: 'upsert' });
    expect(wakes).toBe(3);
    stop();
    changes.announceRemote({ kind: 'news', entityId: 2, op: 'upsert' });
    expect(wakes).toBe(3);
    changes.close();
  });
});
