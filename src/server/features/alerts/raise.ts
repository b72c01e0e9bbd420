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
import { yieldToRequests } from '../../platform/db/pace.ts';
import { favoriteCompaniesView } from '../companies/index.ts';

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

/**
 * Raises each cause for the company's followers whose rule keeps its kind;
 * answers how many alert rows were added (a cause raised before adds none).
 * Each statement writes at most about `batch` rows: the followers of all
 * the causes' companies are paged in (company, reader) order along the
 * favorite_companies_symbol_idx index, and requests go between two.
 */
export async function raiseCompanyAlerts(
  db: Db,
  causes: readonly CompanyCause[],
  options: RaiseOptions,
): Promise<number> {
  if (causes.length === 0) return 0;
  const perSymbol = new Map<string, number>();
  for (const cause of causes) perSymbol.set(cause.symbol, (perSymbol.get(cause.symbol) ?? 0) + 1);
  const symbols = arrayColumn([...perSymbol.keys()], (s) => s, 'text');
  // A follower gets at most one row per cause of the company: a page of followers is about `batch` rows.
  const page = Math.max(1, Math.floor(options.batch / Math.max(...perSymbol.values())));
  let after = { symbol: '', userId: 0 };
  let added = 0;
  for (let statement = 0; ; statement++) {
    if (options.signal?.aborted) break;
    if (statement > 0) await yieldToRequests();
    const [row] = rowsOf<{ symbol: string | null; user_id: number | null; picked: number; added: number }>(
      await db.execute(sql`
        with cause as (
          select * from unnest(
            ${arrayColumn(causes, (c) => c.kind, 'text')}, ${arrayColumn(causes, (c) => c.causeKey, 'text')},
            ${arrayColumn(causes, (c) => c.symbol, 'text')}, ${arrayColumn(causes, (c) => c.title, 'text')},
            ${arrayColumn(causes, (c) => c.body, 'text')}, ${arrayColumn(causes, (c) => c.link, 'text')},
            ${arrayColumn(causes, (c) => c.move?.above ?? null, 'float8')},
            ${arrayColumn(causes, (c) => c.move?.upTo ?? null, 'float8')}
          ) as c(kind, cause_key, symbol, title, body, link, above, up_to)
        ),
        picked as (
          select user_id, symbol from ${favoriteCompaniesView}
          where symbol = any(${symbols}) and (symbol, user_id) > (${after.symbol}, ${after.userId})
          order by symbol, user_id
          limit ${page}
        ),
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
        ),
        last as (select symbol, user_id from picked order by symbol desc, user_id desc limit 1)
        select (select symbol from last) as symbol, (select user_id from last) as user_id,
          (select count(*) from picked)::int as picked, (select count(*) from added)::int as added`),
    );
    added += Number(row?.added ?? 0);
    if (!row || row.symbol === null || Number(row.picked) < page) break;
    after = { symbol: row.symbol, userId: Number(row.user_id) };
  }
  return added;
}
