/**
 * Alerts from market data (docs/product.md §15.7): after each update of the
 * screener's snapshot (quotes from the demo provider or Polygon, or imported
 * prices) the evaluator compares every company with what it saw last time:
 *
 * - a daily move that newly crossed a threshold some reader keeps raises
 *   `price-move` for the followers whose threshold it crossed;
 * - a last price above the previous 52-week high (below the low) raises
 *   `high-52w` (`low-52w`);
 * - every saved screen with alerts on is evaluated with the screener's own
 *   filters, and companies newly in it raise `screen-entry` (screen-watch.ts).
 *
 * The evaluation decides in memory which causes fire and which screens
 * gained which companies; the alert rows are written afterwards, in
 * statements of a bounded number of rows with requests let through between
 * two (on the embedded database they run on the server's thread). Only what
 * changed reaches the database. It runs in a job, never in a request.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_PRICE_THRESHOLD, PRICE_THRESHOLD_MIN } from '../../../lib/alerts.ts';
import { formatDollars } from '../../../lib/format.ts';
import { sessionDateOf } from '../../../lib/market-calendar.ts';
import { rowsOf, type Db } from '../../platform/db/client.ts';
import type { SnapshotStore } from '../screener/index.ts';
import { raiseCompanyAlerts, type CompanyCause, type RaiseOptions } from './raise.ts';
import { createScreenWatch } from './screen-watch.ts';

/** A company's 52-week range as the last evaluation saw it. */
interface Seen {
  high: number | null;
  low: number | null;
}

const pct = (value: number) => `${Math.abs(value).toFixed(1)}%`;

export interface MarketEvaluation {
  priceAlerts: number;
  screenAlerts: number;
  /** Symbols whose move or range made a cause this time. */
  causes: number;
  /** Screen groups (screens sharing a query) whose members changed or that were new. */
  changedScreens: number;
  /** Screens × companies newly in them: the screen-entry alerts decided (rows written may be fewer). */
  screenEntries: number;
  /** The evaluation: every rule decided, in memory, nothing written yet. */
  ms: number;
  /** Of which: the moves and ranges, and the screens. */
  priceMs: number;
  screensMs: number;
  /** Afterwards: the alert rows and the screens' notes written. */
  storeMs: number;
}

export interface MarketAlertsDeps {
  db: Db;
  snapshots: SnapshotStore;
  /** Rows written per statement, about (bulkStatementRows). */
  batch: number;
  /** Told after alert rows were added. */
  onRaised?: () => void;
}

export interface MarketAlerts {
  /** Evaluates the current snapshot if it changed since the last evaluation (null when it did not). */
  evaluate(at?: Date, signal?: AbortSignal): Promise<MarketEvaluation | null>;
}

export function createMarketAlerts(deps: MarketAlertsDeps): MarketAlerts {
  const { db, snapshots } = deps;
  let seen: Map<string, Seen> | null = null;
  let lastVersion = -1;
  /** Per `move:{symbol}:{date}`: the whole percentage already raised (readers at or under it were reached). */
  const movesRaised = new Map<string, number>();
  /** `high:…`/`low:…` causes raised. */
  const rangesRaised = new Set<string>();
  const screens = createScreenWatch(db);
  const thresholds = thresholdsInUse(db);

  async function evaluate(at = new Date(), signal?: AbortSignal): Promise<MarketEvaluation | null> {
    const snapshot = await snapshots.get();
    if (snapshot.version === lastVersion) return null;
    const started = performance.now();
    lastVersion = snapshot.version;
    const date = sessionDateOf(at);
    const options: RaiseOptions = { batch: deps.batch, signal };
    for (const key of movesRaised.keys()) if (!key.endsWith(`:${date}`)) movesRaised.delete(key);
    for (const key of rangesRaised) if (!key.endsWith(`:${date}`)) rangesRaised.delete(key);

    const levels = await thresholds.get();
    const causes: CompanyCause[] = [];
    const previous = seen;
    const next = new Map<string, Seen>();
    for (const row of snapshot.rows) {
      next.set(row.symbol, { high: row.week52high, low: row.week52low });
      const before = previous?.get(row.symbol);
      const link = `/stocks/${row.symbol}`;
      const change = row.change_pre;
      if (change !== null && row.last_sale !== null) {
        const key = `move:${row.symbol}:${date}`;
        const above = movesRaised.get(key) ?? 0;
        const upTo = Math.abs(change);
        // Some reader's threshold lies in (above, upTo]: the move crossed it since it was last raised.
        if (upTo >= PRICE_THRESHOLD_MIN && levels.some((t) => t > above && t <= upTo)) {
          movesRaised.set(key, Math.floor(upTo));
          causes.push({
            kind: 'price-move',
            causeKey: key,
            symbol: row.symbol,
            title: `${row.symbol} ${change >= 0 ? 'up' : 'down'} ${pct(change)} today`,
            body: `${row.name} is at ${formatDollars(row.last_sale)}, ${change >= 0 ? 'up' : 'down'} ${pct(change)} from the previous close of ${formatDollars(row.pre_close)}.`,
            link,
            move: { above, upTo },
          });
        }
      }
      if (!before || row.last_sale === null) continue;
      const last = row.last_sale;
      if (before.high !== null && last > before.high && !rangesRaised.has(`high:${row.symbol}:${date}`)) {
        rangesRaised.add(`high:${row.symbol}:${date}`);
        causes.push({
          kind: 'high-52w',
          causeKey: `high:${row.symbol}:${date}`,
          symbol: row.symbol,
          title: `${row.symbol} hit a new 52-week high at ${formatDollars(last)}`,
          body: `${row.name} passed its previous 52-week high of ${formatDollars(before.high)}.`,
          link,
        });
      }
      if (before.low !== null && last < before.low && !rangesRaised.has(`low:${row.symbol}:${date}`)) {
        rangesRaised.add(`low:${row.symbol}:${date}`);
        causes.push({
          kind: 'low-52w',
          causeKey: `low:${row.symbol}:${date}`,
          symbol: row.symbol,
          title: `${row.symbol} hit a new 52-week low at ${formatDollars(last)}`,
          body: `${row.name} fell below its previous 52-week low of ${formatDollars(before.low)}.`,
          link,
        });
      }
    }
    seen = next;
    const screensStarted = performance.now();
    const changes = await screens.decide(snapshot);
    const decided = performance.now();
    // Decided: now the rows, a statement's worth at a time.
    const priceAlerts = await raiseCompanyAlerts(db, causes, options);
    const screenAlerts = await screens.store(changes, date, options);
    if (priceAlerts + screenAlerts > 0) deps.onRaised?.();
    return {
      priceAlerts,
      screenAlerts,
      causes: causes.length,
      changedScreens: changes.length,
      screenEntries: changes.reduce((n, c) => n + c.targets.length * c.entered.length, 0),
      ms: decided - started,
      priceMs: screensStarted - started,
      screensMs: decided - screensStarted,
      storeMs: performance.now() - decided,
    };
  }

  return { evaluate };
}

/** The distinct thresholds readers keep, the default's among them (read at each evaluation: one chosen a moment ago counts). */
function thresholdsInUse(db: Db): { get(): Promise<number[]> } {
  return {
    async get() {
      const rows = rowsOf<{ t: number }>(
        await db.execute(sql`
          select distinct price_threshold::int as t from alert_settings
          union select distinct price_threshold::int from alert_company_rules`),
      );
      // Readers without a settings row keep the default.
      return [...new Set([DEFAULT_PRICE_THRESHOLD, ...rows.map((r) => Number(r.t))])].sort((a, b) => a - b);
    },
  };
}
