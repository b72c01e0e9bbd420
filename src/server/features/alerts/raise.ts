/**
 * Raising alerts about companies (docs/product.md §15.7, §19.16): a cause
 * (a filing, an insider transaction, an article, a move, a webinar) becomes
 * one alert row for each reader who follows the company and keeps that kind
 * on in the rule that applies to them (the company's own rule, else their
 * rule for all followed companies, else the defaults). Readers are reached
 * in set-based statements of a bounded number of rows, requests in between, and the unique
 * (reader, kind, cause) index makes raising the same cause again, from a
 * restart or another instance, change nothing. Delivery is not done here:
 * a row starts `pending` and the delivery job takes it from there.
 */
import { sql } from 'drizzle-orm';
import { COMPANY_ALERT_KINDS, DEFAULT_PRICE_THRESHOLD, type CompanyAlertKind } from '../../../lib/alerts.ts';
import { arrayColumn } from '../../platform/db/arrays.ts';
import { rowsOf, type Db } from '../../platform/db/client.ts';

/** One cause of company alerts, with the words each alert carries. */
export interface CompanyCause {
  kind: CompanyAlertKind;
  /** What makes the alert once per reader (`filing:{accession}`, `move:{symbol}:{date}`, …). */
  causeKey: string;
  symbol: string;
  title: string;
  body: string;
  /** An absolute path on the site, or the filing's sec.gov address. */
  link: string;
  /**
   * Daily moves only: the move in percent, either way. Readers whose
   * threshold is at most `upTo` and above `above` are alerted (`above`: the
   * largest move already raised for this cause, so a later, larger move
   * reaches only the readers whose threshold it newly crossed).
   */
  move?: { above: number; upTo: number };
}

export interface RaiseOptions {
  /** Alert rows written per statement, about (see bulkStatementRows: small on the embedded database). */
  batch: number;
  signal?: AbortSignal;
}

/** The defaults as an array parameter: the kinds of a reader who never chose. */
const DEFAULT_KINDS = arrayColumn(COMPANY_ALERT_KINDS, (k) => k, 'text');

/** Lets requests waiting on the embedded database (it runs on this thread) go between two statements. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Raises each cause for the company's followers whose rule keeps its kind;
 * answers how many alert rows were added (a cause raised before adds none).
 * Each statement writes at most about `batch` rows: companies with few
 * followers share one, a company's many followers are paged in reader order
 * (the favorite_companies_symbol_idx index), and requests go between two.
 */
export async function raiseCompanyAlerts(
  db: Db,
  causes: readonly CompanyCause[],
  options: RaiseOptions,
): Promise<number> {
  if (causes.length === 0) return 0;
  const perSymbol = new Map<string, CompanyCause[]>();
  for (const cause of causes) {
    const list = perSymbol.get(cause.symbol);
    if (list) list.push(cause);
    else perSymbol.set(cause.symbol, [cause]);
  }
  const symbols = [...perSymbol.keys()].sort();
  const followers = new Map(
    rowsOf<{ symbol: string; n: number }>(
      await db.execute(sql`
        select symbol, count(*)::int as n from favorite_companies
        where symbol = any(${arrayColumn(symbols, (s) => s, 'text')}) group by symbol`),
    ).map((r) => [r.symbol, Number(r.n)]),
  );
  const limit = Math.max(1, options.batch);
  let added = 0;
  let statements = 0;
  const run = async (subset: readonly CompanyCause[], picked: ReturnType<typeof sql>) => {
    if (statements++ > 0) await yieldToRequests();
    const [row] = rowsOf<{ last: number | null; picked: number; added: number }>(
      await db.execute(sql`
        with cause as (
          select * from unnest(
            ${arrayColumn(subset, (c) => c.kind, 'text')}, ${arrayColumn(subset, (c) => c.causeKey, 'text')},
            ${arrayColumn(subset, (c) => c.symbol, 'text')}, ${arrayColumn(subset, (c) => c.title, 'text')},
            ${arrayColumn(subset, (c) => c.body, 'text')}, ${arrayColumn(subset, (c) => c.link, 'text')},
            ${arrayColumn(subset, (c) => c.move?.above ?? null, 'float8')},
            ${arrayColumn(subset, (c) => c.move?.upTo ?? null, 'float8')}
          ) as c(kind, cause_key, symbol, title, body, link, above, up_to)
        ),
        picked as (${picked}),
        added as (
          insert into alerts (user_id, kind, cause_key, symbol, title, body, link)
          select p.user_id, c.kind, c.cause_key, c.symbol, c.title, c.body, c.link
          from picked p
          join cause c on c.symbol = p.symbol
          left join alert_company_rules r on r.user_id = p.user_id and r.symbol = p.symbol
          left join alert_settings s on s.user_id = p.user_id
          where c.kind = any(coalesce(r.kinds, s.kinds, ${DEFAULT_KINDS}))
            and (c.up_to is null or (
              coalesce(r.price_threshold, s.price_threshold, ${DEFAULT_PRICE_THRESHOLD}) <= c.up_to
              and coalesce(r.price_threshold, s.price_threshold, ${DEFAULT_PRICE_THRESHOLD}) > c.above))
          on conflict (user_id, kind, cause_key) do nothing
          returning 1
        )
        select (select max(user_id) from picked) as last, (select count(*) from picked)::int as picked,
          (select count(*) from added)::int as added`),
    );
    added += Number(row?.added ?? 0);
    return row;
  };

  // Companies with few followers, several to a statement.
  let shared: string[] = [];
  let sharedRows = 0;
  const flush = async () => {
    if (shared.length === 0) return;
    const list = shared;
    shared = [];
    sharedRows = 0;
    await run(
      list.flatMap((s) => perSymbol.get(s)!),
      sql`select f.user_id, f.symbol from favorite_companies f
        where f.symbol = any(${arrayColumn(list, (s) => s, 'text')})`,
    );
  };
  for (const symbol of symbols) {
    if (options.signal?.aborted) return added;
    const count = followers.get(symbol) ?? 0;
    if (count === 0) continue;
    const own = perSymbol.get(symbol)!;
    const rows = count * own.length;
    if (rows <= limit) {
      if (sharedRows + rows > limit) await flush();
      shared.push(symbol);
      sharedRows += rows;
      continue;
    }
    // A company many follow: its followers a page at a time, in reader order.
    const page = Math.max(1, Math.floor(limit / own.length));
    let after = 0;
    for (;;) {
      if (options.signal?.aborted) return added;
      const row = await run(
        own,
        sql`select f.user_id, f.symbol from favorite_companies f
          where f.symbol = ${symbol} and f.user_id > ${after}
          order by f.user_id
          limit ${page}`,
      );
      if (!row || row.last === null || Number(row.picked) < page) break;
      after = Number(row.last);
    }
  }
  if (!options.signal?.aborted) await flush();
  return added;
}
