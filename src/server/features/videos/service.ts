/**
 * The video library: pages (optionally one SIC code), single videos,
 * favorites, and the staff writes that record a content change.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { companies, favoriteVideos, videos, type VIDEO_TYPES } from '../../schema.ts';
import { notFound } from '../../platform/http/errors.ts';
import { FAVORITE_VIDEOS, favoriteIds } from '../favorites/service.ts';
import { writeWithChange } from '../../platform/changes.ts';

export interface VideoItem {
  id: number;
  name: string;
  description: string;
  youtubeId: string;
  thumbnail_url: string | null;
  type: string;
  published: string | null;
  company_symbol: string | null;
  company_name: string | null;
  sic_code: number | null;
  exclusive: boolean;
  disabled: boolean;
  thirtysecs: boolean;
  videoFeatured: boolean;
  isFavorite: boolean;
  updated_at: string;
}

const columns = {
  id: videos.id,
  name: videos.name,
  description: videos.description,
  youtubeId: videos.youtubeId,
  thumbnailUrl: videos.thumbnailUrl,
  type: videos.type,
  published: videos.published,
  companySymbol: videos.companySymbol,
  companyName: companies.name,
  sicCode: videos.sicCode,
  exclusive: videos.exclusive,
  disabled: videos.disabled,
  thirtysecs: videos.thirtysecs,
  videoFeatured: videos.videoFeatured,
  updatedAt: videos.updatedAt,
};

type Row = {
  id: number;
  name: string;
  description: string;
  youtubeId: string;
  thumbnailUrl: string | null;
  type: string;
  published: Date | null;
  companySymbol: string | null;
  companyName: string | null;
  sicCode: number | null;
  exclusive: boolean;
  disabled: boolean;
  thirtysecs: boolean;
  videoFeatured: boolean;
  updatedAt: Date;
};

const toItem = (r: Row, favorites: Set<number>): VideoItem => ({
  id: r.id,
  name: r.name,
  description: r.description,
  youtubeId: r.youtubeId,
  thumbnail_url: r.thumbnailUrl,
  type: r.type,
  published: r.published?.toISOString() ?? null,
  company_symbol: r.companySymbol,
  company_name: r.companyName,
  sic_code: r.sicCode,
  exclusive: r.exclusive,
  disabled: r.disabled,
  thirtysecs: r.thirtysecs,
  videoFeatured: r.videoFeatured,
  isFavorite: favorites.has(r.id),
  updated_at: r.updatedAt.toISOString(),
});

const newestFirst = [sql`${videos.published} desc nulls last`, desc(videos.id)];

/** One page of enabled videos, newest first; `sic_code` lists every code with videos (for the sector chips). */
export async function listVideos(
  db: Db,
  options: { page: number; limit: number; sicCodes?: number[]; includeDisabled?: boolean },
  userId?: number,
) {
  const where = and(
    options.includeDisabled ? undefined : eq(videos.disabled, false),
    options.sicCodes === undefined ? undefined : inArray(videos.sicCode, options.sicCodes),
  );
  const [rows, [counted], codes] = await Promise.all([
    db
      .select(columns)
      .from(videos)
      .leftJoin(companies, eq(videos.companySymbol, companies.symbol))
      .where(where)
      .orderBy(...newestFirst)
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db.select({ n: count() }).from(videos).where(where),
    db
      .selectDistinct({ code: videos.sicCode })
      .from(videos)
      .where(and(eq(videos.disabled, false), isNotNull(videos.sicCode)))
      .orderBy(asc(videos.sicCode)),
  ]);
  const favorites = await favoriteIds(
    db,
    FAVORITE_VIDEOS,
    userId,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => toItem(r as Row, favorites)),
    total: Number(counted?.n ?? 0),
    sic_code: codes.map((c) => c.code!),
  };
}

export async function videoById(db: Db, id: number, userId?: number): Promise<VideoItem | null> {
  const [row] = await db
    .select(columns)
    .from(videos)
    .leftJoin(companies, eq(videos.companySymbol, companies.symbol))
    .where(eq(videos.id, id));
  if (!row) return null;
  return toItem(row as Row, await favoriteIds(db, FAVORITE_VIDEOS, userId, [id]));
}

/**
 * Videos for the site build, in id order, disabled ones included so their
 * pages can be removed: the given ids, or a page of those after an id.
 */
export async function videosForBuild(
  db: Db,
  select: { ids: number[] } | { after: number; limit: number },
): Promise<VideoItem[]> {
  const query = db
    .select(columns)
    .from(videos)
    .leftJoin(companies, eq(videos.companySymbol, companies.symbol))
    .where('ids' in select ? inArray(videos.id, select.ids) : gt(videos.id, select.after))
    .orderBy(asc(videos.id));
  const rows = await ('ids' in select ? query : query.limit(select.limit));
  return rows.map((r) => toItem(r as Row, new Set()));
}

export async function favoriteVideoList(db: Db, userId: number): Promise<VideoItem[]> {
  const rows = await db
    .select(columns)
    .from(favoriteVideos)
    .innerJoin(videos, eq(favoriteVideos.videoId, videos.id))
    .leftJoin(companies, eq(videos.companySymbol, companies.symbol))
    .where(eq(favoriteVideos.userId, userId))
    .orderBy(desc(favoriteVideos.createdAt));
  const all = new Set(rows.map((r) => r.id));
  return rows.map((r) => toItem(r as Row, all));
}

export interface VideoInput {
  name: string;
  company_symbol: string;
  description?: string;
  youtubeId: string;
  thumbnail_url?: string | null;
  type?: (typeof VIDEO_TYPES)[number];
  published?: Date | null;
  exclusive?: boolean;
  disabled?: boolean;
  thirtysecs?: boolean;
  videoFeatured?: boolean;
}

async function companySic(db: Db, symbol: string): Promise<number> {
  const [row] = await db
    .select({ sic: companies.sicCode })
    .from(companies)
    .where(eq(companies.symbol, symbol.toUpperCase()));
  if (!row) throw notFound(`Unknown company symbol: ${symbol.toUpperCase()}`);
  return row.sic;
}

async function toColumns(db: Db, input: Partial<VideoInput>) {
  return {
    ...(input.name !== undefined && { name: input.name.trim() }),
    ...(input.company_symbol !== undefined && {
      companySymbol: input.company_symbol.toUpperCase(),
      // The sector chips follow the company's industry.
      sicCode: await companySic(db, input.company_symbol),
    }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.youtubeId !== undefined && { youtubeId: input.youtubeId }),
    ...(input.thumbnail_url !== undefined && { thumbnailUrl: input.thumbnail_url }),
    ...(input.type !== undefined && { type: input.type }),
    ...(input.published !== undefined && { published: input.published }),
    ...(input.exclusive !== undefined && { exclusive: input.exclusive }),
    ...(input.disabled !== undefined && { disabled: input.disabled }),
    ...(input.thirtysecs !== undefined && { thirtysecs: input.thirtysecs }),
    ...(input.videoFeatured !== undefined && { videoFeatured: input.videoFeatured }),
  };
}

export async function createVideo(db: Db, input: VideoInput): Promise<VideoItem> {
  const values = await toColumns(db, input);
  const id = await writeWithChange(db, 'video', 'upsert', async (t) => {
    const [row] = await t
      .insert(videos)
      .values({
        type: 'Interview',
        published: new Date(),
        ...values,
        name: input.name.trim(),
        youtubeId: input.youtubeId,
      })
      .returning({ id: videos.id });
    return row!.id;
  });
  return (await videoById(db, id!))!;
}

export async function updateVideo(db: Db, id: number, input: Partial<VideoInput>): Promise<VideoItem> {
  const values = await toColumns(db, input);
  const updated = await writeWithChange(db, 'video', 'upsert', async (t) => {
    const [row] = await t
      .update(videos)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(videos.id, id))
      .returning({ id: videos.id });
    return row?.id ?? null;
  });
  if (updated === null) throw notFound(`No video ${id}`);
  return (await videoById(db, id))!;
}

export async function deleteVideo(db: Db, id: number): Promise<void> {
  const deleted = await writeWithChange(db, 'video', 'delete', async (t) => {
    const [row] = await t.delete(videos).where(eq(videos.id, id)).returning({ id: videos.id });
    return row?.id ?? null;
  });
  if (deleted === null) throw notFound(`No video ${id}`);
}
