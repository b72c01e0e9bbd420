/**
 * The IPO calendar (the /stocks/IPO grid, docs/product.md §8.3): its rows as readers see them, newest
 * first, staff's corrections laid over what the filings say; and staff's corrections themselves,
 * versioned and audited like every staff edit.
 */
import { eq, max, sql } from 'drizzle-orm';
import type { StaffActor } from '../../../lib/console.ts';
import {
  IPO_CORRECTABLE_FIELDS,
  type IpoCorrectableField,
  type IpoCorrections,
  type IpoEditRecord,
} from '../../../lib/console-records.ts';
import type { Db } from '../../platform/db/client.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { paged, rowCount } from '../../platform/db/paged.ts';
import { versionedEditor } from '../audit/index.ts';
import { ipos } from './tables.ts';

type Row = typeof ipos.$inferSelect;

/** The row's own figures by the field names staff correct. */
function filedValues(r: Row): Record<IpoCorrectableField, string | number | null> {
  return {
    company_name: r.companyName,
    symbol: r.symbol,
    exchange: r.exchange,
    sector: r.sector,
    price_low: r.priceLow,
    price_high: r.priceHigh,
    offer_price: r.offerPrice,
    shares_offered: r.sharesOffered,
    expected_date: r.expectedDate,
    status: r.status,
    lead_underwriter: r.leadUnderwriter,
  };
}

/** The figures a reader sees: staff's corrections over the filings' (or the demo's). */
export function shownValues(r: Row): Record<IpoCorrectableField, string | number | null> {
  const values = filedValues(r);
  for (const field of IPO_CORRECTABLE_FIELDS) if (field in r.corrections) values[field] = r.corrections[field] ?? null;
  return values;
}

const dollars = (n: number) => `$${n.toFixed(2)}`;
const PROSPECTUS_FORMS = new Set(['S-1', 'S-1/A', 'F-1', 'F-1/A', '424B4']);

/** One grid row: the spec's columns first, then the dates and the filing that tell where the row comes from. */
function readerRow(r: Row) {
  const v = shownValues(r);
  const low = v.price_low as number | null;
  const high = v.price_high as number | null;
  const offer = v.offer_price as number | null;
  const shares = v.shares_offered as number | null;
  const price = offer ?? (low !== null && high !== null ? (low + high) / 2 : null);
  // The link a reader wants is to the offering's own document: its latest prospectus or registration statement.
  const latest = r.filings.findLast((f) => PROSPECTUS_FORMS.has(f.form)) ?? r.filings.at(-1);
  return {
    company_name: v.company_name as string,
    symbol: v.symbol,
    exchange: v.exchange,
    sector: v.sector,
    price_range: low !== null && high !== null ? `${dollars(low)} - ${dollars(high)}` : null,
    shares_offered: shares,
    deal_size: price !== null && shares !== null ? Math.round(price * shares) : null,
    expected_date: v.expected_date,
    status: v.status,
    lead_underwriter: v.lead_underwriter,
    offer_price: offer !== null ? dollars(offer) : null,
    filed_date: r.filedOn,
    priced_date: r.pricedOn,
    listed_date: r.listedOn,
    filing: latest?.url ?? null,
  };
}

/** Newest first: a row's listing or pricing day (as staff corrected it, if they did), else the day its registration was filed. */
const newestFirst = sql`coalesce((${ipos.corrections} ->> 'expected_date')::date, ${ipos.expectedDate}, ${ipos.filedOn}) desc nulls last`;

export async function listIpos(db: Db, page: number, pageSize: number) {
  const { rows, total } = await paged(
    db.select().from(ipos).orderBy(newestFirst, ipos.companyName),
    rowCount(db).from(ipos),
    { page, pageSize },
  );
  return { data: rows.map(readerRow), total, ...(await calendarSource(db)) };
}

/** Where the calendar's rows come from and when they last changed, for the line under its title. */
async function calendarSource(db: Db): Promise<{ source: string; updated_at: string | null }> {
  const [held] = await db
    .select({ demo: sql<number>`count(*) filter (where ${ipos.source} = 'demo')`, updated: max(ipos.updatedAt) })
    .from(ipos);
  const demo = Number(held?.demo ?? 0) > 0;
  return {
    source: demo
      ? 'Demo data: generated listings, not real offerings'
      : 'SEC EDGAR: registration statements (S-1, F-1), pricing prospectuses (424B4), listing certifications (8-A12B) and withdrawals',
    updated_at: held?.updated ? new Date(held.updated).toISOString() : null,
  };
}

const editRecord = (r: Row): IpoEditRecord => ({
  id: r.id,
  version: r.version,
  source: r.source,
  cik: r.cik,
  filed: filedValues(r),
  corrections: r.corrections,
  filed_date: r.filedOn,
  priced_date: r.pricedOn,
  listed_date: r.listedOn,
  filings: r.filings,
});

/** The calendar's rows for staff, newest first, each with the filings' figures and staff's corrections apart. */
export async function iposForEditor(db: Db, page: number, pageSize: number) {
  const { rows, total } = await paged(
    db.select().from(ipos).orderBy(newestFirst, ipos.companyName),
    rowCount(db).from(ipos),
    { page, pageSize },
  );
  return { data: rows.map(editRecord), total };
}

const editor = versionedEditor({ table: ipos, key: ipos.id, kind: 'ipo', what: 'IPO calendar row' });

/**
 * Staff's corrections of a row: a field given a value shows that value whatever the filings say,
 * now and after later filings; a field given null goes back to the filings' figure.
 */
export async function correctIpo(
  db: Db,
  actor: StaffActor,
  id: number,
  version: number,
  corrections: IpoCorrections,
): Promise<IpoEditRecord> {
  const [held] = await db.select({ id: ipos.id }).from(ipos).where(eq(ipos.id, id));
  if (!held) throw notFound(`No IPO calendar row ${id}.`);
  const updated = await editor.update(db, actor, id, version, (before) => {
    const next: IpoCorrections = { ...(before.corrections as IpoCorrections) };
    for (const [field, value] of Object.entries(corrections) as [IpoCorrectableField, string | number | null][]) {
      if (value === null) delete next[field];
      else next[field] = value;
    }
    // The range shown is one end corrected and the other as filed, or both corrected: it must stay a range.
    const shown = shownValues({ ...(before as unknown as Row), corrections: next });
    const low = shown.price_low as number | null;
    const high = shown.price_high as number | null;
    if (low !== null && high !== null && low > high)
      throw invalid(`price_low (${low}) must not be above price_high (${high})`);
    return { corrections: next, updatedAt: new Date() };
  });
  return editRecord(updated as Row);
}
