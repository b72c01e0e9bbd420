/**
 * Staff writes of news articles and newsletters: HTML is sanitized before it
 * is stored, and each write records a content change in the same
 * transaction, so the affected pages are built again.
 */
import { eq } from 'drizzle-orm';
import { htmlToText, sanitizeHtml } from '../../../build/sanitize.ts';
import { writeWithChange } from '../../platform/changes.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { requireCompany } from '../companies/index.ts';
import { newsArticle, type NewsArticle } from './service.ts';
import { news } from './tables.ts';

export interface NewsInput {
  title: string;
  company_symbol: string | null;
  published_at?: Date;
  newsLetterURL?: string | null;
  thumbnail?: string | null;
  summary?: string | null;
  description?: string;
  source?: string | null;
  url?: string | null;
  rc_newsletter?: boolean;
}

function toColumns(input: Partial<NewsInput>) {
  const description = input.description === undefined ? undefined : sanitizeHtml(input.description);
  return {
    ...(input.title !== undefined && { title: input.title.trim() }),
    ...(input.company_symbol !== undefined && { companySymbol: input.company_symbol?.toUpperCase() ?? null }),
    ...(input.published_at !== undefined && { publishedAt: input.published_at }),
    ...(input.newsLetterURL !== undefined && { newsletterUrl: input.newsLetterURL }),
    ...(input.thumbnail !== undefined && { thumbnail: input.thumbnail }),
    ...(description !== undefined && { description }),
    // Without a summary of its own, an article is summarised by the start of its body.
    // Summaries are shown as HTML on the newsletter page: stored as clean as bodies.
    ...(input.summary !== undefined
      ? { summary: input.summary === null ? null : sanitizeHtml(input.summary) }
      : description !== undefined && { summary: htmlToText(description).slice(0, 280) || null }),
    ...(input.source !== undefined && { source: input.source }),
    ...(input.url !== undefined && { url: input.url }),
    ...(input.rc_newsletter !== undefined && { rcNewsletter: input.rc_newsletter }),
  };
}

export async function createNews(db: Db, input: NewsInput): Promise<NewsArticle> {
  if (input.company_symbol) await requireCompany(db, input.company_symbol);
  const id = await writeWithChange(db, 'news', 'upsert', async (t) => {
    const [row] = await t
      .insert(news)
      .values({ publishedAt: new Date(), ...toColumns(input), title: input.title.trim() })
      .returning({ id: news.id });
    return row!.id;
  });
  return (await newsArticle(db, id!))!;
}

export async function updateNews(db: Db, id: number, input: Partial<NewsInput>): Promise<NewsArticle> {
  if (input.company_symbol) await requireCompany(db, input.company_symbol);
  const updated = await writeWithChange(db, 'news', 'upsert', async (t) => {
    const [row] = await t
      .update(news)
      .set({ ...toColumns(input), updatedAt: new Date() })
      .where(eq(news.id, id))
      .returning({ id: news.id });
    return row?.id ?? null;
  });
  if (updated === null) throw notFound(`No news article ${id}`);
  return (await newsArticle(db, id))!;
}

export async function deleteNews(db: Db, id: number): Promise<void> {
  const deleted = await writeWithChange(db, 'news', 'delete', async (t) => {
    const [row] = await t.delete(news).where(eq(news.id, id)).returning({ id: news.id });
    return row?.id ?? null;
  });
  if (deleted === null) throw notFound(`No news article ${id}`);
}
