/**
 * This instance among the others on one PostgreSQL (see platform/cluster.ts):
 * joining them, and relaying content and market changes both ways.
 */
import type { SnapshotStore } from '../features/screener/index.ts';
import type { ChangeBus } from '../platform/changes.ts';
import { joinPostgresCluster, singleInstance, type Cluster } from '../platform/cluster.ts';
import type { Config } from '../platform/config.ts';
import type { Logger } from '../platform/logger.ts';
import { say } from './progress.ts';

/** How often instances on PostgreSQL look for changes and builds they were not told about. */
export const CLUSTER_POLL_MS = 5000;

/** Several instances on one PostgreSQL cooperate; on the embedded database this one is alone. */
export async function joinCluster(config: Config, logger: Logger): Promise<Cluster> {
  if (config.database.kind !== 'postgres') return singleInstance();
  const cluster = await joinPostgresCluster({ url: config.database.url, logger });
  say(
    cluster.isLeader()
      ? 'This instance leads: it runs the scheduled jobs and builds the site'
      : 'Another instance leads: this one serves, and takes over if that one stops',
  );
  cluster.onLeadership((leader) =>
    say(leader ? 'This instance now leads: it runs the jobs and builds the site' : 'This instance no longer leads'),
  );
  return cluster;
}

/**
 * Content written here is announced to the other instances; theirs reaches
 * this one's listeners. A company change or new quotes, from here or there,
 * make the screener's snapshot stale.
 */
export function relayChanges(cluster: Cluster, changes: ChangeBus, snapshots: SnapshotStore): void {
  changes.on((change) => {
    if (change.kind === 'company') snapshots.invalidate();
    if (!change.remote) cluster.publish('content', { kind: change.kind, entityId: change.entityId, op: change.op });
  });
  cluster.on('content', (data) =>
    changes.announceRemote(data as unknown as Parameters<ChangeBus['announceRemote']>[0]),
  );
  cluster.on('market', () => snapshots.invalidate());
}
