/**
 * Staff edits of a company's landing page (docs/product.md §18.13):
 * every field of docs/product.md §19.12, inactive pages included. HTML fields are sanitized
 * before they are stored; each write is audited, versioned and records a
 * company change, so the company's pages are built again.
 */
import { eq } from 'drizzle-orm';
import { LANDING_HTML_FIELDS, type LandingEditRecord } from '../../../lib/console-records.ts';
import type { StaffActor } from '../../../lib/console.ts';
import { sanitizeHtml } from '../../../build/sanitize.ts';
import type { Db } from '../../platform/db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { versionedEditor } from '../audit/index.ts';
import { companyIdOf, requireCompany } from './records.ts';
import { companyLandingPages } from './tables.ts';

export interface LandingInput {
  title?: string | null;
  seo?: string | null;
  subtitle?: string | null;
  overview?: string | null;
  valueprop_title?: string | null;
  value_prop?: string | null;
  investment_highlights?: string | null;
  highlights?: string | null;
  presentation?: string | null;
  presentation_title?: string | null;
  extra_title?: string | null;
  extra_info?: string | null;
  extra_title_two?: string | null;
  extra_info_two?: string | null;
  jumbo_video?: string | null;
  jumbotron_gradient_opacity?: number | null;
  jumbotron_title_color?: string | null;
  jumbotron_subtitle_color?: string | null;
  letter?: string | null;
  askceo_title?: string | null;
  custom_style?: string | null;
  website_url?: string | null;
  podcast_link?: string | null;
  active?: boolean;
}

type LandingColumns = typeof companyLandingPages.$inferInsert;

const COLUMN: Record<keyof LandingInput, keyof LandingColumns> = {
  title: 'title',
  seo: 'seo',
  subtitle: 'subtitle',
  overview: 'overview',
  valueprop_title: 'valuepropTitle',
  value_prop: 'valueProp',
  investment_highlights: 'investmentHighlights',
  highlights: 'highlights',
  presentation: 'presentation',
  presentation_title: 'presentationTitle',
  extra_title: 'extraTitle',
  extra_info: 'extraInfo',
  extra_title_two: 'extraTitleTwo',
  extra_info_two: 'extraInfoTwo',
  jumbo_video: 'jumboVideo',
  jumbotron_gradient_opacity: 'jumbotronGradientOpacity',
  jumbotron_title_color: 'jumbotronTitleColor',
  jumbotron_subtitle_color: 'jumbotronSubtitleColor',
  letter: 'letter',
  askceo_title: 'askceoTitle',
  custom_style: 'customStyle',
  website_url: 'websiteUrl',
  podcast_link: 'podcastLink',
  active: 'active',
};

type LandingRow = typeof companyLandingPages.$inferSelect & { companyId: number };

/** The landing page as the editor shows it: every field, inactive pages too. */
const toRecord = (p: typeof companyLandingPages.$inferSelect): LandingEditRecord => ({
  company_symbol: p.companySymbol,
  version: p.version,
  active: p.active,
  title: p.title,
  subtitle: p.subtitle,
  seo: p.seo,
  valueprop_title: p.valuepropTitle,
  presentation_title: p.presentationTitle,
  extra_title: p.extraTitle,
  extra_title_two: p.extraTitleTwo,
  askceo_title: p.askceoTitle,
  jumbo_video: p.jumboVideo,
  overview: p.overview,
  value_prop: p.valueProp,
  investment_highlights: p.investmentHighlights,
  highlights: p.highlights,
  extra_info: p.extraInfo,
  extra_info_two: p.extraInfoTwo,
  letter: p.letter,
  presentation: p.presentation,
  website_url: p.websiteUrl,
  podcast_link: p.podcastLink,
  jumbotron_title_color: p.jumbotronTitleColor,
  jumbotron_subtitle_color: p.jumbotronSubtitleColor,
  jumbotron_gradient_opacity: p.jumbotronGradientOpacity,
  custom_style: p.customStyle,
  updated_at: p.updatedAt.toISOString(),
});

const noLandingPage = (symbol: string) => `${symbol} has no company landing page.`;

export async function landingForEditor(db: Db, symbol: string): Promise<LandingEditRecord> {
  const company = await requireCompany(db, symbol);
  const [row] = await db
    .select()
    .from(companyLandingPages)
    .where(eq(companyLandingPages.companySymbol, company.symbol));
  if (!row) throw notFound(noLandingPage(company.symbol));
  return toRecord(row);
}

function columnsOf(input: LandingInput): Partial<LandingColumns> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input) as [keyof LandingInput, unknown][]) {
    const html = (LANDING_HTML_FIELDS as readonly string[]).includes(key);
    values[COLUMN[key]] = html && typeof value === 'string' ? sanitizeHtml(value) : value;
  }
  return values as Partial<LandingColumns>;
}

const editor = versionedEditor<typeof companyLandingPages, LandingRow>({
  table: companyLandingPages,
  key: companyLandingPages.companySymbol,
  kind: 'landing',
  what: 'landing page',
  content: 'company',
  facts: (tx, row) => companyIdOf(tx, row.companySymbol as string),
  entityId: (r) => r.companyId,
});

/** Gives a listed company its landing page (one per company). */
export async function createLandingPage(
  db: Db,
  actor: StaffActor,
  input: LandingInput & { company_symbol: string },
): Promise<LandingEditRecord> {
  const { company_symbol, ...fields } = input;
  const company = await requireCompany(db, company_symbol);
  const [existing] = await db
    .select({ symbol: companyLandingPages.companySymbol })
    .from(companyLandingPages)
    .where(eq(companyLandingPages.companySymbol, company.symbol));
  if (existing) throw conflict(`${company.symbol} already has a landing page: change it instead.`);
  const created = await editor.create(db, actor, { ...columnsOf(fields), companySymbol: company.symbol });
  return toRecord(created);
}

/** Changes a company's landing page, based on the version the editor loaded. */
export async function updateLandingPage(
  db: Db,
  actor: StaffActor,
  symbol: string,
  input: LandingInput & { version: number },
): Promise<LandingEditRecord> {
  const company = await requireCompany(db, symbol);
  const { version, ...fields } = input;
  return toRecord(await editor.update(db, actor, company.symbol, version, columnsOf(fields)));
}
