/**
 * Company releases (docs/product.md §10.8): a press release a company filed with an 8-K becomes a
 * news item about it, kept apart from the editors' articles by its kind and its filing. One filing
 * makes one item (the accession number is unique), so reading a filing again adds nothing. An
 * amendment (8-K/A) that files again a release the company already has (the same headline, within
 * AMENDMENT_DAYS) replaces that item's text, items and filing link: readers find the corrected
 * release where they read the first one, published when it was, and nobody is alerted twice. An
 * amendment with a release of its own is an item of its own. The body is sanitized here, as every
 * write of an article's HTML is.
 */
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { sanitizeHtml } from '../../../build/sanitize.ts';
import { recordChange } from '../../platform/changes.ts';
import type { Db } from '../../platform/db/client.ts';
import { news } from './tables.ts';

/** How far back an amendment's release is matched with the release it files again. */
export const AMENDMENT_DAYS = 90;

export interface CompanyReleaseInput {
  symbol: string;
  accession: string;
  /** '8-K' or '8-K/A' */
  form: string;
  /** The 8-K's item numbers ('2.02'). */
  items: string[];
  title: string;
  summary: string | null;
  /** The release's body (sanitized again here). */
  html: string;
  /** When EDGAR accepted the filing. */
  publishedAt: Date;
  /** Who issued it, as the lists show the source: the company's name. */
  source: string;
  /** The filing on EDGAR. */
  filingUrl: string;
}

export type CompanyReleaseOutcome =
  | { stored: 'added'; id: number }
  | { stored: 'amended'; id: number; amends: string }
  | { stored: false; id: number; reason: 'release already stored' | 'amendment already applied' };

/** A headline compared for what it says: case, spacing and punctuation aside. */
const headlineKey = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export async function storeCompanyRelease(tx: Db, input: CompanyReleaseInput): Promise<CompanyReleaseOutcome> {
  const [held] = await tx.select({ id: news.id }).from(news).where(eq(news.accession, input.accession));
  if (held) return { stored: false, id: held.id, reason: 'release already stored' };
  const description = sanitizeHtml(input.html);

  if (input.form.toUpperCase().endsWith('/A')) {
    const since = new Date(input.publishedAt.getTime() - AMENDMENT_DAYS * 86_400_000);
    const candidates = await tx
      .select({
        id: news.id,
        title: news.title,
        accession: news.accession,
        url: news.url,
        description: news.description,
      })
      .from(news)
      .where(and(eq(news.kind, 'company-release'), eq(news.companySymbol, input.symbol), gte(news.publishedAt, since)))
      .orderBy(desc(news.publishedAt));
    const original = candidates.find((c) => headlineKey(c.title) === headlineKey(input.title));
    if (original) {
      if (original.url === input.filingUrl && original.description === description)
        return { stored: false, id: original.id, reason: 'amendment already applied' };
      await tx
        .update(news)
        .set({
          description,
          summary: input.summary,
          filingForm: input.form,
          filingItems: input.items,
          url: input.filingUrl,
          updatedAt: new Date(),
          version: sql`${news.version} + 1`,
        })
        .where(eq(news.id, original.id));
      await recordChange(tx, 'news', original.id);
      return { stored: 'amended', id: original.id, amends: original.accession ?? '' };
    }
  }

  const [added] = await tx
    .insert(news)
    .values({
      kind: 'company-release',
      accession: input.accession,
      filingForm: input.form,
      filingItems: input.items,
      title: input.title,
      summary: input.summary,
      description,
      publishedAt: input.publishedAt,
      companySymbol: input.symbol,
      source: input.source,
      url: input.filingUrl,
    })
    .onConflictDoNothing({ target: news.accession })
    .returning({ id: news.id });
  if (!added) {
    // Stored by another writer between the look and the insert.
    const [other] = await tx.select({ id: news.id }).from(news).where(eq(news.accession, input.accession));
    return { stored: false, id: other!.id, reason: 'release already stored' };
  }
  await recordChange(tx, 'news', added.id);
  return { stored: 'added', id: added.id };
}
