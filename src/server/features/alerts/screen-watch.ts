/**
 * The saved-screen watch of the market alerts (docs/product.md §15.7): every saved screen with
 * alerts on is evaluated with the screener's own filters (compiled once per filter value into a bit
 * set over the snapshot's rows, screens sharing a query evaluated once), and companies newly in it
 * raise `screen-entry`; a screen's first check only takes note. Only what changed reaches the
 * database, in bounded, paced statements (market.ts calls it after each snapshot update).
 */
import { sql } from 'drizzle-orm';
import { filterMap, screenFromParams } from '../../../lib/screener-state.ts';
import { arrayColumn } from '../../platform/db/arrays.ts';
import { rowsOf, type Db } from '../../platform/db/client.ts';
import { paceAfter } from '../../platform/db/pace.ts';
import { companiesView } from '../companies/index.ts';
import { noteScreenAlerts, savedScreensView } from '../saved-screens/index.ts';
import { compileFilters, type Snapshot } from '../screener/index.ts';
import type { RaiseOptions } from './raise.ts';

/** Screens that share a query: one evaluation for all of them. */
interface ScreenGroup {
  query: string;
  /** The filter map the screener runs (empty when the query has no valid filter left: every company). */
  filters: Record<string, string>;
  ids: Set<number>;
  /** Screens in it whose first check, which only takes note, is still to come (alerts just turned on, another query). */
  fresh: Set<number>;
  /**
   * The members at the last check, null until known (stored by an earlier
   * process, or noted by this one). Companies leaving the screen are stored
   * only with the next one entering: one hovering at a filter's edge costs
   * nothing each update.
   */
  written: Set<string> | null;
}

/** What one check found for a group of screens. */
interface ScreenChange {
  group: ScreenGroup;
  members: string[];
  /** Companies newly in the screens. */
  entered: string[];
  /** The screens they alert (noted before this check). */
  targets: number[];
  /** The screens taking note now. */
  noting: number[];
}

/** Screens changed within this much before the last look are looked at again (late commits). */
const SCREEN_OVERLAP_MS = 60_000;

export function createScreenWatch(db: Db) {
  const groups = new Map<string, ScreenGroup>();
  const queryOf = new Map<number, string>();
  let seenUntil: Date | null = null;

  const groupOf = (query: string): ScreenGroup => {
    let group = groups.get(query);
    if (!group) {
      group = {
        query,
        filters: filterMap(screenFromParams(new URLSearchParams(query))),
        ids: new Set(),
        fresh: new Set(),
        written: null,
      };
      groups.set(query, group);
    }
    return group;
  };

  /**
   * Every screen with alerts on at the first look, then only the screens
   * changed since the last look (saved_screens_updated_idx).
   */
  async function refresh(): Promise<void> {
    const [{ now }] = rowsOf<{ now: string }>(await db.execute(sql`select now()::text as now`)) as [{ now: string }];
    const first = seenUntil === null;
    const since = seenUntil ? new Date(seenUntil.getTime() - SCREEN_OVERLAP_MS) : null;
    const rows = rowsOf<{ id: number; query: string; alert: boolean; fresh: boolean }>(
      await db.execute(
        since
          ? sql`select id, query, alert, alert_noted_at is null as fresh from ${savedScreensView}
              where updated_at >= ${since.toISOString()}::timestamptz`
          : sql`select id, query, alert, alert_noted_at is null as fresh from ${savedScreensView} where alert`,
      ),
    );
    seenUntil = new Date(now);
    for (const { id, query, alert, fresh } of rows) {
      const before = queryOf.get(id);
      if (before !== undefined && (before !== query || !alert)) {
        groups.get(before)?.ids.delete(id);
        groups.get(before)?.fresh.delete(id);
        queryOf.delete(id);
      }
      if (!alert) continue;
      queryOf.set(id, query);
      const group = groupOf(query);
      group.ids.add(id);
      if (fresh) group.fresh.add(id);
    }
    if (first && groups.size > 0) {
      // What an earlier process stored: companies entering since then are new.
      const stored = rowsOf<{ query: string; members: string[] }>(
        await db.execute(sql`
          select query, members from alert_screen_members
          where query = any(${arrayColumn([...groups.keys()], (q) => q, 'text')})`),
      );
      for (const { query, members } of stored) groups.get(query)!.written = new Set(members);
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

  /** Which screens gained which companies: decided in memory, nothing written. */
  async function decide(snapshot: Snapshot): Promise<ScreenChange[]> {
    await refresh();
    const changes: ScreenChange[] = [];
    for (const [group, members] of membersOf(snapshot)) {
      const written = group.written;
      // Members not known yet: this check only takes note, for every screen of the group.
      const entered = written ? members.filter((symbol) => !written.has(symbol)) : [];
      if (written && entered.length === 0 && group.fresh.size === 0) continue;
      const targets = written ? [...group.ids].filter((id) => !group.fresh.has(id)) : [];
      changes.push({ group, members, entered, targets, noting: [...group.fresh] });
    }
    return changes;
  }

  /**
   * Writes what `decide` found: the screen-entry rows, the screens that took
   * note, and each changed query's members, in statements of about
   * `options.batch` rows with requests let through between two. The
   * process's own record moves on only once all is written.
   */
  async function store(changes: ScreenChange[], date: string, options: RaiseOptions): Promise<number> {
    const limit = Math.max(1, options.batch);
    let added = 0;
    /** One query's screens (ids) × the companies entering it: at most about `limit` rows. */
    const writeEntries = async (query: string, entered: string[], ids: number[]) => {
      const started = performance.now();
      const [row] = rowsOf<{ added: number }>(
        await db.execute(sql`
          with added as (
            insert into alerts (user_id, kind, cause_key, symbol, screen_id, title, body, link)
            select saved_screens.user_id, 'screen-entry',
              'screen:' || saved_screens.id || ':' || m.symbol || ':' || ${date}, m.symbol, saved_screens.id,
              m.symbol || ' entered your screen “' || saved_screens.name || '”',
              coalesce(companies.name, m.symbol) || ' now meets the screen’s filters'
                || coalesce(' at $' || to_char(companies.last_sale, 'FM999,999,990.00'), '') || '.',
              '/stocks/' || m.symbol
            from ${savedScreensView}
            cross join unnest(${arrayColumn(entered, (e) => e, 'text')}) as m(symbol)
            left join ${companiesView} on companies.symbol = m.symbol
            where saved_screens.id = any(${arrayColumn(ids, (id) => id, 'int4')})
              and saved_screens.alert and saved_screens.query = ${query} and saved_screens.alert_noted_at is not null
            on conflict (user_id, kind, cause_key) do nothing
            returning 1
          )
          select count(*)::int as added from added`),
      );
      added += Number(row?.added ?? 0);
      await paceAfter(started);
    };
    for (const change of changes) {
      if (change.entered.length === 0 || change.targets.length === 0) continue;
      // Screens × entering companies: as many screens as keep a statement within the limit.
      for (let j = 0; j < change.entered.length; j += limit) {
        const entered = change.entered.slice(j, j + limit);
        const page = Math.max(1, Math.floor(limit / entered.length));
        for (let i = 0; i < change.targets.length; i += page) {
          if (options.signal?.aborted) return added;
          await writeEntries(change.group.query, entered, change.targets.slice(i, i + page));
        }
      }
    }

    // Screens taking note: from now on companies entering them alert.
    for (const change of changes) {
      for (let i = 0; i < change.noting.length; i += limit) {
        if (options.signal?.aborted) return added;
        const started = performance.now();
        await noteScreenAlerts(db, change.noting.slice(i, i + limit), change.group.query);
        await paceAfter(started);
      }
    }

    // Each query's members, for a restart (one row per query however many screens share it).
    for (let i = 0; i < changes.length;) {
      if (options.signal?.aborted) return added;
      const part: ScreenChange[] = [];
      let symbols = 0;
      while (i < changes.length && (part.length === 0 || symbols + changes[i]!.members.length <= limit * 8)) {
        symbols += changes[i]!.members.length;
        part.push(changes[i++]!);
      }
      const json = JSON.stringify(part.map((c) => ({ query: c.group.query, members: c.members })));
      const started = performance.now();
      await db.execute(sql`
        insert into alert_screen_members (query, members, stored_at)
        select g.query, g.members, now() from jsonb_to_recordset(${json}::jsonb) as g(query text, members text[])
        on conflict (query) do update set members = excluded.members, stored_at = excluded.stored_at`);
      await paceAfter(started);
    }
    for (const change of changes) {
      change.group.written = new Set(change.members);
      for (const id of change.noting) change.group.fresh.delete(id);
    }
    return added;
  }

  return { decide, store };
}
