/**
 * The alerts feature's background work: raising alerts (docs/product.md
 * §15.7). One job, on the leading instance, run every minute and woken at
 * once when quotes moved the snapshot or an article, a video or an event
 * was committed (heard on the change bus, from this instance or another):
 * it evaluates the market data that changed, then looks at what was
 * published. Delivery of the rows it adds is the delivery job's (told
 * through `onRaised`).
 */
import type { ChangeBus } from '../../platform/changes.ts';
import type { ContentKind } from '../../../lib/content-records.ts';
import type { Db } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { SnapshotStore } from '../screener/index.ts';
import { createContentWatch } from './content.ts';
import { createMarketAlerts } from './market.ts';

/** The job that raises alerts; wake it after anything that may cause some. */
export const ALERT_RAISING_JOB = 'alert-raising';
/** How often it looks when nothing woke it. */
export const ALERT_RAISING_INTERVAL_MS = 60_000;

/** The content whose followers are alerted of what is published (a company page's change alerts no one). */
const WATCHED: ReadonlySet<ContentKind> = new Set(['news', 'video', 'event']);

export interface AlertJobDeps {
  db: Db;
  logger: Logger;
  snapshots: SnapshotStore;
  /** The committed content changes: what was published wakes the job. */
  changes: ChangeBus;
  /** Followers reached per statement (bulkStatementRows). */
  batch: number;
  /** Told after alert rows were added, so delivery can run soon. */
  onRaised?: () => void;
}

export function jobs(deps: AlertJobDeps): JobDefinition[] {
  const { db, logger, onRaised } = deps;
  const market = createMarketAlerts({ db, snapshots: deps.snapshots, batch: deps.batch, onRaised });
  const watch = createContentWatch(db, { batch: deps.batch });
  return [
    {
      name: ALERT_RAISING_JOB,
      intervalMs: ALERT_RAISING_INTERVAL_MS,
      leaderOnly: true,
      wakeOn: (wake) =>
        deps.changes.on((change) => {
          if (WATCHED.has(change.kind)) wake();
        }),
      task: async (signal) => {
        const evaluation = await market.evaluate(new Date(), signal);
        if (evaluation && evaluation.priceAlerts + evaluation.screenAlerts > 0) {
          logger.info(evaluation, 'market alerts raised');
        }
        const published = await watch.look(new Date(), signal);
        if (published > 0) {
          logger.info({ alerts: published }, 'alerts raised for what was published');
          onRaised?.();
        }
      },
    },
  ];
}
