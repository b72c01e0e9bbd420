/**
 * The video library as readers get it: pages (optionally of some SIC codes),
 * single videos, a company's latest interview and overview, the records the
 * site build reads, and the user's favorites.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { VideoRecord } from '../../../lib/content-records.ts';
import type { Db } from '../../platform/db/client.ts';
import { paged, rowCount } from '../../platform/db/paged.ts';
import { companiesView, requireCompany } from '../companies/index.ts';
import { favoriteIds, type FavoriteKind } from '../favorites/index.ts';
import { favoriteVideos, videos } from './tables.ts';

export type VideoItem = VideoRecord & { isFavorite: boolean };

export const FAVORITE_VIDEOS: FavoriteKind<number> = {
  table: favoriteVideos,
  user: favoriteVideos.userId,
  item: favoriteVideos.videoId,
  key: videos.id,
  missing: (id) => `No video ${id}`,
};

const columns = {
  id: videos.id,
  name: videos.name,
  description: videos.description,
  youtubeId: videos.youtubeId,
  thumbnailUrl: videos.thumbnailUrl,
  type: videos.type,
  published: videos.published,
  companySymbol: videos.companySymbol,
  companyName: companiesView.name,
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
  const [{ rows, total }, codes] = await Promise.all([
    paged(
      db
        .select(columns)
        .from(videos)
        .leftJoin(companiesView, eq(videos.companySymbol, companiesView.symbol))
        .where(where)
        .orderBy(...newestFirst),
      rowCount(db).from(videos).where(where),
      { page: options.page, pageSize: options.limit },
    ),
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
    total,
    sic_code: codes.map((c) => c.code!),
  };
}

/** One video; a disabled one only for the console (`includeDisabled`). */
export async function videoById(
  db: Db,
  id: number,
  userId?: number,
  { includeDisabled = false } = {},
): Promise<VideoItem | null> {
  const [row] = await db
    .select(columns)
    .from(videos)
    .leftJoin(companiesView, eq(videos.companySymbol, companiesView.symbol))
    .where(and(eq(videos.id, id), includeDisabled ? undefined : eq(videos.disabled, false)));
  if (!row) return null;
  return toItem(row as Row, await favoriteIds(db, FAVORITE_VIDEOS, userId, [id]));
}

/**
 * Enabled videos for the site build, in id order: the given ids, or a page of
 * those after an id. A disabled video is absent, so its page is removed.
 */
export async function videosForBuild(
  db: Db,
  select: { ids: number[] } | { after: number; limit: number } | { newest: number },
): Promise<VideoItem[]> {
  const query = db
    .select(columns)
    .from(videos)
    .leftJoin(companiesView, eq(videos.companySymbol, companiesView.symbol))
    .$dynamic();
  const shown = eq(videos.disabled, false);
  // The newest videos: what a new site's first pages need (see the site build's first phase).
  const rows = await ('newest' in select
    ? query.where(shown).orderBy(desc(videos.createdAt), desc(videos.id)).limit(select.newest)
    : 'ids' in select
      ? query.where(and(inArray(videos.id, select.ids), shown)).orderBy(asc(videos.id))
      : query
          .where(and(gt(videos.id, select.after), shown))
          .orderBy(asc(videos.id))
          .limit(select.limit));
  return rows.map((r) => toItem(r as Row, new Set()));
}

export async function favoriteVideoList(db: Db, userId: number): Promise<VideoItem[]> {
  const rows = await db
    .select(columns)
    .from(favoriteVideos)
    .innerJoin(videos, eq(favoriteVideos.videoId, videos.id))
    .leftJoin(companiesView, eq(videos.companySymbol, companiesView.symbol))
    .where(and(eq(favoriteVideos.userId, userId), eq(videos.disabled, false)))
    .orderBy(desc(favoriteVideos.createdAt));
  const all = new Set(rows.map((r) => r.id));
  return rows.map((r) => toItem(r as Row, all));
}

/** The latest interview and the latest overview video of a company (disabled videos aside). */
export async function companyVideos(
  db: Db,
  symbol: string,
  userId?: number,
): Promise<{ interview: VideoItem | null; overview: VideoItem | null }> {
  const c = await requireCompany(db, symbol);
  const latest = async (type: 'Interview' | 'Overview') => {
    const [row] = await db
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.companySymbol, c.symbol), eq(videos.type, type), eq(videos.disabled, false)))
      .orderBy(...newestFirst)
      .limit(1);
    return row ? videoById(db, row.id, userId) : null;
  };
  return { interview: await latest('Interview'), overview: await latest('Overview') };
}
