/**
 * The console's news: a searched page of articles with everything staff
 * edit, and audited, versioned writes. HTML is sanitized before it is
 * stored, and each write records a content change, so the affected pages
 * are built again.
 */
import { and, desc, getTableColumns } from 'drizzle-orm';
import type { NewsEditRecord } from '../../../lib/console-records.ts';
import type { StaffActor } from '../../../lib/console.ts';
import { htmlToText, sanitizeHtml } from '../../../build/sanitize.ts';
import type { Db } from '../../platform/db/client.ts';
import { paged, rowCount } from '../../platform/db/paged.ts';
import { everyWordIn } from '../../platform/db/search.ts';
import { versionedEditor } from '../audit/index.ts';
import { requireCompany } from '../companies/index.ts';
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

type NewsRow = Omit<typeof news.$inferSelect, 'search'>;
const { search: _search, ...editColumns } = getTableColumns(news);

const toRecord = (r: NewsRow): NewsEditRecord => ({
  id: r.id,
  version: r.version,
  title: r.title,
  company_symbol: r.companySymbol,
  published_at: r.publishedAt.toISOString(),
  newsLetterURL: r.newsletterUrl,
  thumbnail: r.thumbnail,
  summary: r.summary,
  description: r.description,
  source: r.source,
  url: r.url,
  rc_newsletter: r.rcNewsletter,
  updated_at: r.updatedAt.toISOString(),
});

/** The start of an article's body, its summary when staff wrote none. */
const summaryOf = (html: string) => htmlToText(html).slice(0, 280) || null;

/**
 * The summary a write stores, if it changes it. Staff's own summary is kept
 * through edits of the body; an article without one (or whose summary staff
 * cleared) is summarised by the start of its body. Summaries are shown as
 * HTML on the newsletter page: stored as clean as bodies.
 */
function summaryColumn(input: Partial<NewsInput>, description: string | undefined, before: NewsRow | undefined) {
  const written = input.summary?.trim();
  if (written) return { summary: sanitizeHtml(written) };
  const cleared = input.summary !== undefined;
  if (!cleared && (before?.summary?.trim() || description === undefined)) return {};
  const body = description ?? before?.description;
  return { summary: body ? summaryOf(body) : null };
}

/** The columns a write sets; `before` is the stored article an update changes. */
function toColumns(input: Partial<NewsInput>, before?: NewsRow) {
  const description = input.description === undefined ? undefined : sanitizeHtml(input.description);
  return {
    ...(input.title !== undefined && { title: input.title.trim() }),
    ...(input.company_symbol !== undefined && { companySymbol: input.company_symbol?.toUpperCase() ?? null }),
    ...(input.published_at !== undefined && { publishedAt: input.published_at }),
    ...(input.newsLetterURL !== undefined && { newsletterUrl: input.newsLetterURL }),
    ...(input.thumbnail !== undefined && { thumbnail: input.thumbnail }),
    ...(description !== undefined && { description }),
    ...summaryColumn(input, description, before),
    ...(input.source !== undefined && { source: input.source }),
    ...(input.url !== undefined && { url: input.url }),
    ...(input.rc_newsletter !== undefined && { rcNewsletter: input.rc_newsletter }),
  };
}

/** Articles newest first, searched by words of the title, summary or ticker. */
export async function newsForConsole(db: Db, query: { q?: string; page: number; limit: number }) {
  const conditions = everyWordIn(query.q ?? '', [news.title, news.summary, news.companySymbol]);
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows, total } = await paged(
    db.select(editColumns).from(news).where(where).orderBy(desc(news.publishedAt), desc(news.id)),
    rowCount(db).from(news).where(where),
    { page: query.page, pageSize: query.limit },
  );
  return { items: rows.map(toRecord), total };
}

const editor = versionedEditor<typeof news, NewsRow>({
  table: news,
  key: news.id,
  columns: editColumns,
  kind: 'news',
  what: 'news article',
  content: 'news',
  entityId: (r) => r.id,
});

export async function createNews(db: Db, actor: StaffActor, input: NewsInput): Promise<NewsEditRecord> {
  if (input.company_symbol) await requireCompany(db, input.company_symbol);
  const created = await editor.create(db, actor, {
    publishedAt: new Date(),
    ...toColumns(input),
    title: input.title.trim(),
  });
  return toRecord(created);
}

export async function updateNews(
  db: Db,
  actor: StaffActor,
  id: number,
  input: Partial<NewsInput> & { version: number },
): Promise<NewsEditRecord> {
  if (input.company_symbol) await requireCompany(db, input.company_symbol);
  const { version, ...fields } = input;
  const updated = await editor.update(db, actor, id, version, (before) => toColumns(fields, before));
  return toRecord(updated);
}

export async function deleteNews(db: Db, actor: StaffActor, id: number, version?: number): Promise<void> {
  await editor.remove(db, actor, id, version);
}
