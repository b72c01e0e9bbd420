/**
 * Staff writes of videos: each records a content change in the same
 * transaction, so the affected pages are built again.
 */
import { eq } from 'drizzle-orm';
import { writeWithChange } from '../../platform/changes.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { requireCompany } from '../companies/index.ts';
import { videoById, type VideoItem } from './service.ts';
import type { VIDEO_TYPES } from '../../../lib/content-records.ts';
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
  return (await videoById(db, id!, undefined, { includeDisabled: true }))!;
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
  return (await videoById(db, id, undefined, { includeDisabled: true }))!;
}

export async function deleteVideo(db: Db, id: number): Promise<void> {
  const deleted = await writeWithChange(db, 'video', 'delete', async (t) => {
    const [row] = await t.delete(videos).where(eq(videos.id, id)).returning({ id: videos.id });
    return row?.id ?? null;
  });
  if (deleted === null) throw notFound(`No video ${id}`);
}
