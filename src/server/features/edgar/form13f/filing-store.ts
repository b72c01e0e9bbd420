/**
 * One Form 13F filing read whole (from EDGAR, or a file) into the database, in the caller's
 * transaction: its report recorded, which reports of its manager's quarter count judged again,
 * and its holdings of listed companies written when it counts. Its values are made dollars by the
 * SEC's rule, then held against the prices its listed holdings' shares had at the quarter's end
 * (value-units.ts).
 */
import { sql } from 'drizzle-orm';
import { arrayColumn } from '../../../platform/db/arrays.ts';
import { rowsOf, type Db } from '../../../platform/db/client.ts';
import { companiesView, dailyPricesView, keepCusipsPlacedByName } from '../../companies/index.ts';
import type { Form13fDocuments } from './documents.ts';
import { mainName, noteName, type CusipMatcher, type CusipNames } from './issuers.ts';
import { cusipOf, isHoldingsForm, isQuarterEnd } from './rows.ts';
import { holdingsOf, recordFilings, settleReports, writeHoldings, type StoredFiling } from './store.ts';
import { checkPrice, correction, emptyPriceCheck, valueMultiplier } from './value-units.ts';

/** Companies priced per statement: a data set's thousands of companies are asked for in a few short ones. */
const PRICED_PER_STATEMENT = 500;

/**
 * The price each company's shares had at a quarter's end: the last close on record within ten days
 * before it, or else the company's last price (as close as the site knows: a thousandfold error
 * stands out against either).
 */
export async function quarterEndPrices(
  db: Db,
  symbols: readonly string[],
  period: string,
): Promise<Map<string, number>> {
  const prices = new Map<string, number>();
  for (let i = 0; i < symbols.length; i += PRICED_PER_STATEMENT) {
    const rows = rowsOf<{ symbol: string; price: number | null }>(
      await db.execute(sql`
        select ${companiesView.symbol}, coalesce(
          (select ${dailyPricesView.close} from ${dailyPricesView}
           where ${dailyPricesView.symbol} = ${companiesView.symbol} and ${dailyPricesView.date} <= ${period}::date
             and ${dailyPricesView.date} > ${period}::date - 10 order by ${dailyPricesView.date} desc limit 1),
          ${companiesView.lastSale}) as price
        from ${companiesView}
        where ${companiesView.symbol} = any(${arrayColumn(symbols.slice(i, i + PRICED_PER_STATEMENT), (s) => s, 'text')})`),
    );
    for (const r of rows) if (r.price !== null && r.price > 0) prices.set(r.symbol, Number(r.price));
  }
  return prices;
}

export type FilingOutcome =
  | {
      stored: true;
      /** Holdings written new, and written again (a filing read again). */
      added: number;
      updated: number;
      /** Holdings of reports this one replaced. */
      removed: number;
      /** The factor its values were corrected by when they did not fit its shares' prices (1: none). */
      corrected: number;
      /** Its share lines whose CUSIP is of no listed company: CUSIP → issuer's name and dollars. */
      unmatched: Map<string, { name: string; dollars: number }>;
    }
  | { stored: false; reason: string };

/** Why a filing adds no holdings, as reports count it. */
export const NOT_STORED = {
  notice: 'notice (13F-NT): its holdings are reported by another manager',
  period: 'report for a day that is not a quarter’s end',
  superseded: 'report replaced by a later one for its quarter',
} as const;

export async function storeForm13fFiling(
  tx: Db,
  documents: Form13fDocuments,
  source: string,
  matcher: CusipMatcher,
): Promise<FilingOutcome> {
  const { filing, rows } = documents;
  if (!isHoldingsForm(filing.form)) return { stored: false, reason: NOT_STORED.notice };
  if (!isQuarterEnd(filing.period)) return { stored: false, reason: NOT_STORED.period };

  const rule = valueMultiplier(filing.filedOn);
  const seen = new Map<string, CusipNames>();
  for (const row of rows) {
    const cusip = cusipOf(row.cusip);
    if (cusip && row.amountType === 'SH') noteName(seen, cusip, row.issuer, row.titleOfClass, row.value * rule);
  }
  const symbols = new Map<string, string | null>();
  for (const [cusip, names] of seen) symbols.set(cusip, matcher.match(cusip, names));
  const listed = [...new Set([...symbols.values()].filter((s): s is string => s !== null))];

  const prices = await quarterEndPrices(tx, listed, filing.period);
  const check = emptyPriceCheck();
  for (const row of rows) {
    const symbol = symbols.get(row.cusip);
    if (symbol && row.amountType === 'SH' && !row.putCall)
      checkPrice(check, row.value * rule, row.amount, prices.get(symbol));
  }
  const corrected = correction(check);
  const stored: StoredFiling = { ...filing, valueMultiplier: rule * corrected, source };

  await recordFilings(tx, [stored], 'loaded');
  const pair = { managerCik: filing.managerCik, period: filing.period };
  const settled = await settleReports(tx, [pair]);
  const [state] = rowsOf<{ inForce: boolean }>(
    await tx.execute(
      sql`select in_force as "inForce" from institutional_filings where accession = ${filing.accession}`,
    ),
  );
  if (!state?.inForce) return { stored: false, reason: NOT_STORED.superseded };

  const holdings = holdingsOf(stored, rows, (cusip) => symbols.get(cusip) ?? null);
  const written = await writeHoldings(tx, holdings, null);
  await keepCusipsPlacedByName(tx, matcher.placedByName);
  matcher.placedByName.clear();
  const unmatched = new Map<string, { name: string; dollars: number }>();
  for (const [cusip, names] of seen)
    if (!symbols.get(cusip)) {
      const dollars = [...names.names.values()].reduce((sum, v) => sum + v, 0) * corrected;
      unmatched.set(cusip, { name: mainName(names), dollars });
    }
  return { stored: true, ...written, removed: settled.removed, corrected, unmatched };
}
