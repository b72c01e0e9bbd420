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
 *   filters (compiled once per filter value into a bit set over the
 *   snapshot's rows, screens sharing a query evaluated once), and companies
 *   newly in it raise `screen-entry`; a screen's first check only takes note.
 *
 * Only what changed reaches the database: the few symbols that crossed a
 * condition, and the screens whose members changed. It runs in a job, never
 * in a request.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_PRICE_THRESHOLD, PRICE_THRESHOLD_MIN } from '../../../lib/alerts.ts';
import { formatDollars } from '../../../lib/format.ts';
import { MARKET_OPEN_MINUTES, isTradingDay, previousTradingDay, toNewYork } from '../../../lib/market-calendar.ts';
import { filterMap, screenFromParams } from '../../../lib/screener-state.ts';
import { rowsOf, type Db } from '../../platform/db/client.ts';
import { compileFilters, type Snapshot, type SnapshotStore } from '../screener/index.ts';
import { raiseCompanyAlerts, type CompanyCause, type RaiseOptions } from './raise.ts';

/** The session a moment's prices belong to: today's once it opened, else the last trading day's. */
export function sessionDateOf(at: Date): string {
  const ny = toNewYork(at);
  if (isTradingDay(ny.date) && ny.minutes >= MARKET_OPEN_MINUTES) return ny.date;
  return previousTradingDay(ny.date);
}

interface Seen {
  last: number | null;
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
  ms: number;
  /** Of which: the moves and ranges raised, and the screens checked. */
  priceMs: number;
  screensMs: number;
}

export interface MarketAlertsDeps {
  db: Db;
  snapshots: SnapshotStore;
  /** Followers reached per statement. */
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
      next.set(row.symbol, { last: row.last_sale, high: row.week52high, low: row.week52low });
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
    const priceStarted = performance.now();
    const priceAlerts = await raiseCompanyAlerts(db, causes, options);
    const screensStarted = performance.now();
    const { added: screenAlerts, changed } = await screens.check(snapshot, date, options);
    if (priceAlerts + screenAlerts > 0) deps.onRaised?.();
    return {
      priceAlerts,
      screenAlerts,
      causes: causes.length,
      changedScreens: changed,
      ms: performance.now() - started,
      priceMs: screensStarted - priceStarted,
      screensMs: performance.now() - screensStarted,
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

/** Screens that share a query: one evaluation for all of them. */
interface ScreenGroup {
  query: string;
  /** The filter map the screener runs (null when the query has no valid filter left: every company). */
  filters: Record<string, string>;
  ids: Set<number>;
  /**
   * The members written at the last write; null before the first check in
   * this process. Companies leaving the screen are not written until one
   * enters: one hovering at a filter's edge costs nothing each update.
   */
  written: Set<string> | null;
  /** A screen in it still has to take note of its members (alerts just turned on, or a new query). */
  fresh: boolean;
  /** When the members were last stored in the screens' rows (performance.now()). */
  storedAt: number;
}

/**
 * The members are stored in the screens' rows (for a restart) at most this
 * often while companies keep entering; between two stores this process's own
 * record decides what is new, and the once-a-day cause key what was raised.
 */
const MEMBERS_STORE_MS = 10 * 60_000;

/** Screens changed within this much before the last look are looked at again (late commits). */
const SCREEN_OVERLAP_MS = 60_000;

function createScreenWatch(db: Db) {
  const groups = new Map<string, ScreenGroup>();
  const queryOf = new Map<number, string>();
  let seenUntil: Date | null = null;

  /** Screens whose alert switch or query changed since the last look. */
  async function refresh(): Promise<void> {
    const [{ now }] = rowsOf<{ now: string }>(await db.execute(sql`select now()::text as now`)) as [{ now: string }];
    const since = seenUntil ? new Date(seenUntil.getTime() - SCREEN_OVERLAP_MS) : null;
    const rows = rowsOf<{ id: number; query: string; fresh: boolean }>(
      await db.execute(sql`
        select id, query, alert_members is null as fresh from saved_screens
        where alert ${since ? sql`and updated_at >= ${since.toISOString()}::timestamptz` : sql``}`),
    );
    seenUntil = new Date(now);
    for (const { id, query, fresh } of rows) {
      const before = queryOf.get(id);
      if (before !== undefined && before !== query) groups.get(before)?.ids.delete(id);
      queryOf.set(id, query);
      let group = groups.get(query);
      if (!group) {
        group = {
          query,
          filters: filterMap(screenFromParams(new URLSearchParams(query))),
          ids: new Set(),
          written: null,
          fresh: false,
          storedAt: 0,
        };
        groups.set(query, group);
      }
      group.ids.add(id);
      if (fresh) group.fresh = true;
    }
  }

  /** Each screen group's members over the snapshot, from one bit set per filter value. */
  function membersOf(snapshot: Snapshot): Map<ScreenGroup, string[]> {
    const n = snapshot.rows.length;
    const words = (n + 31) >>> 5;
    const bits = new Map<string, Uint32Array | null>();
    const bitsOf = (key: string, value: string): Uint32Array | null => {
      const id = `${key}\u0000${value}`;
      if (bits.has(id)) return bits.get(id)!;
      let set: Uint32Array | null = new Uint32Array(words);
      try {
        const predicates = compileFilters(snapshot, { [key]: value });
        for (let i = 0; i < n; i++) if (predicates.every((p) => p(i))) set[i >>> 5]! |= 1 << (i & 31);
      } catch {
        // A filter the screener no longer knows matches nothing, as the screener would refuse it.
        set = null;
      }
      bits.set(id, set);
      return set;
    };
    const out = new Map<ScreenGroup, string[]>();
    const acc = new Uint32Array(words);
    for (const group of groups.values()) {
      if (group.ids.size === 0) continue;
      acc.fill(0xffffffff);
      let none = false;
      for (const [key, value] of Object.entries(group.filters)) {
        const set = bitsOf(key, value);
        if (!set) {
          none = true;
          break;
        }
        for (let w = 0; w < words; w++) acc[w]! &= set[w]!;
      }
      const symbols: string[] = [];
      if (!none) {
        for (let w = 0; w < words; w++) {
          let word = acc[w]!;
          while (word !== 0) {
            const bit = 31 - Math.clz32(word & -word);
            const i = (w << 5) + bit;
            if (i < n) symbols.push(snapshot.rows[i]!.symbol);
            word &= word - 1;
          }
        }
      }
      out.set(group, symbols.sort());
    }
    return out;
  }

  async function check(
    snapshot: Snapshot,
    date: string,
    options: RaiseOptions,
  ): Promise<{ added: number; changed: number }> {
    await refresh();
    const changed: { group: ScreenGroup; members: string[]; entered: string[]; exact: boolean; store: boolean }[] = [];
    const now = performance.now();
    for (const [group, members] of membersOf(snapshot)) {
      const written = group.written;
      // Unknown before this process's first write: every member is a candidate, each screen's stored list decides.
      const exact = !written;
      const entered = written ? members.filter((symbol) => !written.has(symbol)) : members;
      if (!group.fresh && entered.length === 0) continue;
      const store = group.fresh || exact || now - group.storedAt >= MEMBERS_STORE_MS;
      changed.push({ group, members, entered, exact, store });
    }
    let added = 0;
    // A statement's worth of screens at a time.
    let batch: typeof changed = [];
    let screensInBatch = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const json = JSON.stringify(
        batch.map((c) => ({
          query: c.group.query,
          members: c.members,
          entered: c.entered,
          exact: c.exact,
          store: c.store,
          ids: [...c.group.ids],
        })),
      );
      const [row] = rowsOf<{ added: number }>(
        await db.execute(sql`
          with g as (
            select * from jsonb_to_recordset(${json}::jsonb) as g(query text, members text[], entered text[], exact boolean, store boolean, ids int[])
          ),
          s as (
            select sc.id, sc.user_id, sc.name, sc.alert_members is not null as noted,
              case when g.exact then sc.alert_members end as before, g.members, g.entered, g.store
            from g cross join unnest(g.ids) as x(id)
            join saved_screens sc on sc.id = x.id and sc.alert and sc.query = g.query
          ),
          added as (
            insert into alerts (user_id, kind, cause_key, symbol, screen_id, title, body, link)
            select s.user_id, 'screen-entry', 'screen:' || s.id || ':' || m.symbol || ':' || ${date}, m.symbol, s.id,
              m.symbol || ' entered your screen “' || s.name || '”',
              coalesce(c.name, m.symbol) || ' now meets the screen’s filters'
                || coalesce(' at $' || to_char(c.last_sale, 'FM999,999,990.00'), '') || '.',
              '/stocks/' || m.symbol
            from s
            cross join lateral (select unnest(s.entered) except select unnest(s.before)) as m(symbol)
            left join companies c on c.symbol = m.symbol
            where s.noted
            on conflict (user_id, kind, cause_key) do nothing
            returning 1
          ),
          noted as (
            update saved_screens sc set alert_members = s.members
            from s where sc.id = s.id and s.store
            returning 1
          )
          select (select count(*) from added)::int as added, (select count(*) from noted)::int as noted`),
      );
      added += Number(row?.added ?? 0);
      for (const c of batch) {
        c.group.written = new Set(c.members);
        c.group.fresh = false;
        if (c.store) c.group.storedAt = now;
      }
      batch = [];
      screensInBatch = 0;
      await new Promise((resolve) => setImmediate(resolve));
    };
    for (const change of changed) {
      if (options.signal?.aborted) break;
      batch.push(change);
      screensInBatch += change.group.ids.size;
      if (screensInBatch >= options.batch) await flush();
    }
    await flush();
    return { added, changed: changed.length };
  }

  return { check };
}
