/**
 * The company records the site build reads (/api/content/companies): what a
 * company page shows that does not move with the market, keyed by the
 * company's number so the changes feed can name it. Prices are not here: the
 * page's island fetches them, so a price tick never re-renders a page. Nor
 * are institutional holdings: they change with every 13F season, are long,
 * and the page's island reads them when they come into view.
 */
import { asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { PAGE_SIZES } from '../../lib/company.ts';
import { rowsOf, type Db } from '../db/client.ts';
import {
  bioPhases,
  clients,
  companies,
  companyLandingPages,
  companyProfiles,
  insiderTransactions,
} from '../db/schema.ts';
import type { listBioPhases } from './pages.ts';
import { landingPageOf, teamOf, webinarsOf, type InsiderRecord, type LandingPage, type Webinar } from './pages.ts';

export interface CompanyPageRecord {
  id: number;
  symbol: string;
  name: string;
  market: string;
  sector_name: string;
  industry: string;
  sic_code: number;
  country: string;
  ipo_year: number | null;
  logo: string | null;
  is_client: boolean;
  description: string | null;
  website_url: string | null;
  insider: InsiderRecord[];
  filings: { data: FilingRow[]; totalItems: number };
  bio_phases: Awaited<ReturnType<typeof listBioPhases>>;
  client: {
    landing: LandingPage;
    team: Awaited<ReturnType<typeof teamOf>>;
    webinars: Omit<Webinar, 'isFavorite'>[];
  } | null;
}

interface FilingRow {
  accession_key: string;
  company_symbol: string;
  filing_type: string;
  description: string;
  raw_text_link: string;
  document_count: number;
  date_as_of_change: string;
}

/** The first page of each company's filings, with their totals, in one query. */
async function firstPages(db: Db, symbols: string[]) {
  const list = sql.join(
    symbols.map((s) => sql`${s}`),
    sql`, `,
  );
  const filings = await db.execute(sql`
    select accession_key, company_symbol, filing_type, description, raw_text_link, document_count,
           date_as_of_change::text as date_as_of_change, total::int as total
    from (select f.*, row_number() over w as n, count(*) over (partition by company_symbol) as total
          from sec_filings f where company_symbol in (${list})
          window w as (partition by company_symbol order by date_as_of_change desc, accession_key desc)) t
    where n <= ${PAGE_SIZES.filings.default}
    order by company_symbol, date_as_of_change desc, accession_key desc`);
  const bySymbol = new Map<string, { filings: CompanyPageRecord['filings'] }>();
  const entry = (symbol: string) => {
    let e = bySymbol.get(symbol);
    if (!e) bySymbol.set(symbol, (e = { filings: { data: [], totalItems: 0 } }));
    return e;
  };
  for (const { total, ...row } of rowsOf<FilingRow & { total: number }>(filings)) {
    const e = entry(row.company_symbol);
    e.filings.totalItems = Number(total);
    e.filings.data.push({ ...row, document_count: Number(row.document_count) });
  }
  return bySymbol;
}

export async function companiesForBuild(
  db: Db,
  page: { ids: number[] } | { after: number; limit: number },
): Promise<CompanyPageRecord[]> {
  const rows = await db
    .select({
      company: companies,
      description: companyProfiles.description,
      websiteUrl: companyProfiles.websiteUrl,
      landingActive: companyLandingPages.active,
      clientActive: clients.active,
    })
    .from(companies)
    .leftJoin(companyProfiles, eq(companyProfiles.symbol, companies.symbol))
    .leftJoin(companyLandingPages, eq(companyLandingPages.companySymbol, companies.symbol))
    .leftJoin(clients, eq(clients.companySymbol, companies.symbol))
    .where('ids' in page ? inArray(companies.id, page.ids.length ? page.ids : [-1]) : gt(companies.id, page.after))
    .orderBy(asc(companies.id))
    .limit('ids' in page ? page.ids.length || 1 : page.limit);
  if (!rows.length) return [];
  const symbols = rows.map((r) => r.company.symbol);
  const pages = await firstPages(db, symbols);
  const phases = await db
    .select()
    .from(bioPhases)
    .where(inArray(bioPhases.companySymbol, symbols))
    .orderBy(sql`${bioPhases.date} desc nulls last`, asc(bioPhases.id));
  const insider = await db
    .select()
    .from(insiderTransactions)
    .where(inArray(insiderTransactions.companySymbol, symbols))
    .orderBy(desc(insiderTransactions.dateOfPurchase), desc(insiderTransactions.id));
  const out: CompanyPageRecord[] = [];
  for (const r of rows) {
    const c = r.company;
    const first = pages.get(c.symbol);
    const hasLanding = r.landingActive === true && r.clientActive === true;
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
      is_client: c.isClient && hasLanding,
      description: r.description,
      website_url: r.websiteUrl,
      insider: insider
        .filter((t) => t.companySymbol === c.symbol)
        .map((t) => ({
          amount_purchased: t.amountPurchased,
          purchaser: t.purchaser,
          date_of_purchase: t.dateOfPurchase,
          company_symbol: t.companySymbol,
          is_buy: t.isBuy,
        })),
      filings: first?.filings ?? { data: [], totalItems: 0 },
      bio_phases: phases
        .filter((p) => p.companySymbol === c.symbol)
        .map((p) => ({
          id: p.id,
          company_symbol: p.companySymbol,
          stage: p.stage,
          drug_name: p.drugName,
          date: p.date,
          raw_text_link: p.rawTextLink,
        })),
      client:
        c.isClient && hasLanding
          ? {
              landing: await landingPageOf(db, c.symbol),
              team: await teamOf(db, c.symbol),
              webinars: (await webinarsOf(db, c.symbol)).map(({ isFavorite: _f, ...w }) => w),
            }
          : null,
    });
  }
  return out;
}

/** The number of a company, for the changes feed. */
export async function companyIdOf(db: Db, symbol: string): Promise<number | null> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.symbol, symbol));
  return row?.id ?? null;
}
