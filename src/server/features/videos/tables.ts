/** The video library, and the videos each user keeps. */
import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { VIDEO_TYPES } from '../../../lib/content-records.ts';
import { users } from '../accounts/tables.ts';
import { companies } from '../companies/tables.ts';

/** The video library (docs/product.md §19.3): interviews, overviews, webinars, the sponsored TV show. */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    youtubeId: text('youtube_id').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    type: text('type', { enum: VIDEO_TYPES }).notNull(),
    published: timestamp('published', { withTimezone: true }),
    companySymbol: text('company_symbol').references(() => companies.symbol, { onDelete: 'set null' }),
    sicCode: smallint('sic_code'),
    exclusive: boolean('exclusive').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    thirtysecs: boolean('thirtysecs').notNull().default(false),
    videoFeatured: boolean('video_featured').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every staff edit: an edit based on an older version is refused (optimistic concurrency). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('videos_published_idx').on(t.published, t.id),
    index('videos_company_idx').on(t.companySymbol),
    index('videos_sic_idx').on(t.sicCode),
  ],
);

export const favoriteVideos = pgTable(
  'favorite_videos',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);
