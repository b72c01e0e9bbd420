/**
 * Staff edits of a client's landing page (002 §7 /tools/company-landing).
 * HTML fields are sanitized before they are stored, and each write records
 * a company change, so the company's pages are built again.
 */
import { sanitizeHtml } from '../../../build/sanitize.ts';
import { writeWithChange } from '../../platform/changes.ts';
import type { Db } from '../../platform/db/client.ts';
import { landingPageOf } from './client-material.ts';
import { requireCompany } from './records.ts';
import { companyLandingPages } from './tables.ts';

const LANDING_HTML_FIELDS = [
  'overview',
  'value_prop',
  'investment_highlights',
  'highlights',
  'extra_info',
  'extra_info_two',
  'letter',
] as const;

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

const COLUMN: Record<keyof LandingInput, keyof typeof companyLandingPages.$inferInsert> = {
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

/** Creates or updates the landing page of a listed company. */
export async function saveLandingPage(db: Db, symbol: string, input: LandingInput) {
  const company = await requireCompany(db, symbol);
  const values: Record<string, unknown> = { updatedAt: new Date() };
  for (const [key, value] of Object.entries(input) as [keyof LandingInput, unknown][]) {
    const html = (LANDING_HTML_FIELDS as readonly string[]).includes(key);
    values[COLUMN[key]] = html && typeof value === 'string' ? sanitizeHtml(value) : value;
  }
  await writeWithChange(db, 'company', 'upsert', async (tx) => {
    await tx
      .insert(companyLandingPages)
      .values({ ...values, companySymbol: company.symbol })
      .onConflictDoUpdate({ target: companyLandingPages.companySymbol, set: values });
    return company.id;
  });
  return landingPageOf(db, company.symbol);
}
