/**
 * The company records the site build reads (/api/content/companies): what a
 * company page shows that does not move with the market, keyed by the
 * company's number so the changes feed can name it. Prices are not here: the
 * page's island fetches them, so a price tick never re-renders a page. Nor
 * are institutional holdings: they change with every 13F season, are long,
 * and the page's island reads them when they come into view.
 */
import { asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { PAGE_SIZES } from '../../../lib/company.ts';
import type { CompanyPageData, FilingRecord, OfficerRecord } from '../../../lib/content-records.ts';
import { rowsOf, type Db } from '../../platform/db/client.ts';
import { landingPageOf, teamOf } from './client-material.ts';
import { officersOf } from './officers.ts';
import { insiderOrder, insiderOut } from './records.ts';
import { bioPhaseOrder, bioPhaseOut } from './research.ts';
import { bioPhases, clients, companies, companyLandingPages, companyProfiles, insiderTransactions } from './tables.ts';

/**
 * A company page record as this feature knows it: everything but the client's
 * webinars, which the events feature adds, and the financials, which the
 * financials feature adds (see the site build's feed).
 */
export type CompanyPageRecord = Omit<CompanyPageData, 'client' | 'financials' | 'short_interest'> & {
  client: Omit<NonNullable<CompanyPageData['client']>, 'webinars'> | null;
};

type Filings = CompanyPageData['filings'];

/** The first page of each company's filings, with their totals, in one query. */
async function firstFilings(db: Db, symbols: string[]): Promise<Map<string, Filings>> {
  const list = sql.join(
    symbols.map((s) => sql`${s}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select accession_key, company_symbol, filing_type, description, raw_text_link, document_count,
           date_as_of_change::text as date_as_of_change, total::int as total
    from (select f.accession_key, f.company_symbol, f.filing_type, f.description, f.raw_text_link,
                 f.document_count, f.date_as_of_change, row_number() over w as n, count(*) over (partition by company_symbol) as total
          from sec_filings f where company_symbol in (${list})
          window w as (partition by company_symbol order by date_as_of_change desc, accession_key desc)) t
    where n <= ${PAGE_SIZES.filings.default}
    order by company_symbol, date_as_of_change desc, accession_key desc`);
  const bySymbol = new Map<string, Filings>();
  for (const { total, ...row } of rowsOf<FilingRecord & { total: number }>(result)) {
    const filings = bySymbol.get(row.company_symbol) ?? { data: [], totalItems: Number(total) };
    filings.data.push({ ...row, document_count: Number(row.document_count) });
    bySymbol.set(row.company_symbol, filings);
  }
  return bySymbol;
}

/** A client's landing page and team; where staff have written no team, the officers its filings name. */
async function clientMaterial(db: Db, symbol: string, officers: OfficerRecord[]) {
  const team = await teamOf(db, symbol);
  return { landing: await landingPageOf(db, symbol), team, officers: team.length ? [] : officers };
}

/** Rows grouped by their company, in the order they came. */
function bySymbol<R extends { companySymbol: string }, T>(rows: R[], out: (row: R) => T): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(row.companySymbol) ?? [];
    list.push(out(row));
    groups.set(row.companySymbol, list);
  }
  return groups;
}

export async function companyPageRecords(
  db: Db,
  page: { ids: number[] } | { after: number; limit: number } | { clients: true },
  now = new Date(),
): Promise<CompanyPageRecord[]> {
  const rows = await db
    .select({
      company: companies,
      description: companyProfiles.description,
      descriptionSource: companyProfiles.source,
      descriptionFiledOn: companyProfiles.filedOn,
      descriptionUrl: companyProfiles.filingUrl,
      websiteUrl: companyProfiles.websiteUrl,
      landingActive: companyLandingPages.active,
      clientActive: clients.active,
    })
    .from(companies)
    .leftJoin(companyProfiles, eq(companyProfiles.symbol, companies.symbol))
    .leftJoin(companyLandingPages, eq(companyLandingPages.companySymbol, companies.symbol))
    .leftJoin(clients, eq(clients.companySymbol, companies.symbol))
    .where(
      'clients' in page
        ? eq(companies.isClient, true)
        : 'ids' in page
          ? inArray(companies.id, page.ids.length ? page.ids : [-1])
          : gt(companies.id, page.after),
    )
    .orderBy(asc(companies.id))
    .limit('clients' in page ? 10_000 : 'ids' in page ? page.ids.length || 1 : page.limit);
  if (!rows.length) return [];
  const symbols = rows.map((r) => r.company.symbol);
  const filings = await firstFilings(db, symbols);
  const phases = bySymbol(
    await db
      .select()
      .from(bioPhases)
      .where(inArray(bioPhases.companySymbol, symbols))
      .orderBy(...bioPhaseOrder),
    bioPhaseOut,
  );
  const insider = bySymbol(
    await db
      .select()
      .from(insiderTransactions)
      .where(inArray(insiderTransactions.companySymbol, symbols))
      .orderBy(...insiderOrder),
    insiderOut,
  );
  const officers = await officersOf(
    db,
    rows.filter((r) => r.company.isClient).map((r) => r.company.symbol),
    now,
  );
  const out: CompanyPageRecord[] = [];
  for (const r of rows) {
    const c = r.company;
    // A client page needs an active client and an active landing page.
    const isClient = c.isClient && r.landingActive === true && r.clientActive === true;
    out.push({
      id: c.id,
      symbol: c.symbol,
      name: c.name,
      market: c.market,
      sector_name: c.sectorName,
      industry: c.industry,
      sic_code: c.sicCode,
      country: c.country,
      ipo_year: c.ipoYear,
      logo: c.logo,
      is_client: isClient,
      data_source: c.dataSource,
      description: r.description,
      description_source: r.descriptionSource
        ? { source: r.descriptionSource, filed_on: r.descriptionFiledOn, filing_url: r.descriptionUrl }
        : null,
      website_url: r.websiteUrl,
      insider: insider.get(c.symbol) ?? [],
      filings: filings.get(c.symbol) ?? { data: [], totalItems: 0 },
      bio_phases: phases.get(c.symbol) ?? [],
      client: isClient ? await clientMaterial(db, c.symbol, officers.get(c.symbol) ?? []) : null,
    });
  }
  return out;
}
