/**
 * What a client company publishes through the firm (docs/product.md §9.3, §19.12): its landing
 * page with the disclosure and the assigned specialist, its management team
 * and its podcast.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { requireCompany } from './records.ts';
import { clients, companyLandingPages, companyLeaders, specialists } from './tables.ts';

/** The management team in the order the company gave. */
export async function teamOf(db: Db, symbol: string) {
  const c = await requireCompany(db, symbol);
  const rows = await db
    .select()
    .from(companyLeaders)
    .where(eq(companyLeaders.companySymbol, c.symbol))
    .orderBy(asc(companyLeaders.sortOrder), asc(companyLeaders.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    title: r.title,
    headshot_url: r.headshotUrl,
    description: r.description,
  }));
}

/** The sentence for a company without an active landing page. */
const noLandingPage = (symbol: string) => `${symbol} has no company landing page.`;

/** A client's landing-page data (docs/product.md §19.12), with its disclosure. */
export async function landingPageOf(db: Db, ticker: string) {
  const c = await requireCompany(db, ticker);
  const [row] = await db
    .select({ page: companyLandingPages, client: clients, specialist: specialists })
    .from(companyLandingPages)
    .leftJoin(clients, eq(clients.companySymbol, companyLandingPages.companySymbol))
    .leftJoin(specialists, eq(specialists.id, clients.assignedSpecialistId))
    .where(eq(companyLandingPages.companySymbol, c.symbol));
  if (!row || !row.page.active) throw notFound(noLandingPage(c.symbol));
  const p = row.page;
  return {
    company_symbol: c.symbol,
    title: p.title,
    seo: p.seo,
    subtitle: p.subtitle,
    jumbo_video: p.jumboVideo,
    letter: p.letter,
    website_url: p.websiteUrl,
    overview: p.overview,
    extra_title: p.extraTitle,
    extra_info: p.extraInfo,
    extra_title_two: p.extraTitleTwo,
    extra_info_two: p.extraInfoTwo,
    presentation: p.presentation,
    presentation_title: p.presentationTitle,
    valueprop_title: p.valuepropTitle,
    value_prop: p.valueProp,
    highlights: p.investmentHighlights ?? p.highlights,
    disclosure: row.client?.disclosure ?? null,
    podcast_link: p.podcastLink,
    askceo_title: p.askceoTitle,
    jumbotron_gradient_opacity: p.jumbotronGradientOpacity,
    jumbotron_title_color: p.jumbotronTitleColor,
    jumbotron_subtitle_color: p.jumbotronSubtitleColor,
    specialist: row.specialist
      ? {
          name: row.specialist.name,
          title: row.specialist.title,
          email: row.specialist.email,
          phone: row.specialist.phone,
        }
      : null,
  };
}

export type LandingPage = Awaited<ReturnType<typeof landingPageOf>>;

/** The landing page, or null when the company has none (a listed company without one still has a fact sheet). */
export async function landingPageIfAny(db: Db, symbol: string): Promise<LandingPage | null> {
  const c = await requireCompany(db, symbol);
  const [row] = await db
    .select({ active: companyLandingPages.active })
    .from(companyLandingPages)
    .where(eq(companyLandingPages.companySymbol, c.symbol));
  return row?.active ? landingPageOf(db, c.symbol) : null;
}

export async function podcastLinkOf(db: Db, symbol: string): Promise<string | null> {
  const c = await requireCompany(db, symbol);
  const [row] = await db
    .select({ link: companyLandingPages.podcastLink })
    .from(companyLandingPages)
    .where(eq(companyLandingPages.companySymbol, c.symbol));
  return row?.link ?? null;
}
