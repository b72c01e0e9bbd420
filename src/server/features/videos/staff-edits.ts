/**
 * The console's videos: a searched page of the library (disabled videos
 * included) with everything staff edit, and audited, versioned writes. Each
 * write records a content change, so the affected pages are built again.
 */
import { and, desc, sql } from 'drizzle-orm';
import type { VIDEO_TYPES } from '../../../lib/content-records.ts';
import type { VideoEditRecord } from '../../../lib/console-records.ts';
import type { StaffActor } from '../../../lib/console.ts';
import type { Db } from '../../platform/db/client.ts';
import { paged, rowCount } from '../../platform/db/paged.ts';
import { everyWordIn } from '../../platform/db/search.ts';
import { versionedEditor } from '../audit/index.ts';
import { requireCompany } from '../companies/index.ts';
import { videos } from './tables.ts';

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

type VideoRow = typeof videos.$inferSelect;

const toRecord = (r: VideoRow): VideoEditRecord => ({
  id: r.id,
  version: r.version,
  name: r.name,
  description: r.description,
  youtubeId: r.youtubeId,
  thumbnail_url: r.thumbnailUrl,
  type: r.type,
  published: r.published?.toISOString() ?? null,
  company_symbol: r.companySymbol,
  exclusive: r.exclusive,
  disabled: r.disabled,
  thirtysecs: r.thirtysecs,
  videoFeatured: r.videoFeatured,
  updated_at: r.updatedAt.toISOString(),
});

async function toColumns(db: Db, input: Partial<VideoInput>) {
  return {
    ...(input.name !== undefined && { name: input.name.trim() }),
    ...(input.company_symbol !== undefined && {
      companySymbol: input.company_symbol.toUpperCase(),
      // The sector chips follow the company's industry.
      sicCode: (await requireCompany(db, input.company_symbol)).sicCode,
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

/** Videos newest first, searched by words of the title, description or ticker. */
export async function videosForConsole(db: Db, query: { q?: string; page: number; limit: number }) {
  const conditions = everyWordIn(query.q ?? '', [videos.name, videos.description, videos.companySymbol]);
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows, total } = await paged(
    db
      .select()
      .from(videos)
      .where(where)
      .orderBy(sql`${videos.published} desc nulls first`, desc(videos.id)),
    rowCount(db).from(videos).where(where),
    { page: query.page, pageSize: query.limit },
  );
  return { items: rows.map(toRecord), total };
}

const editor = versionedEditor<typeof videos, VideoRow>({
  table: videos,
  key: videos.id,
  kind: 'video',
  what: 'video',
  content: 'video',
  entityId: (r) => r.id,
});

export async function createVideo(db: Db, actor: StaffActor, input: VideoInput): Promise<VideoEditRecord> {
  const values = await toColumns(db, input);
  const created = await editor.create(db, actor, {
    type: 'Interview',
    published: new Date(),
    ...values,
    name: input.name.trim(),
    youtubeId: input.youtubeId,
  });
  return toRecord(created);
}

export async function updateVideo(
  db: Db,
  actor: StaffActor,
  id: number,
  input: Partial<VideoInput> & { version: number },
): Promise<VideoEditRecord> {
  const { version, ...fields } = input;
  const updated = await editor.update(db, actor, id, version, await toColumns(db, fields));
  return toRecord(updated);
}

export async function deleteVideo(db: Db, actor: StaffActor, id: number, version?: number): Promise<void> {
  await editor.remove(db, actor, id, version);
}
