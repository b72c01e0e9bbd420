/**
 * Content-layer loaders over the API's build feed. The first build pages
 * through every record; later builds read only the changes since the cursor
 * kept in the collection's meta, applying updates and deletions, so a build
 * after one edit fetches one record.
 */
import { createHash } from 'node:crypto';
import type { Loader, LoaderContext } from 'astro/loaders';
import { z } from 'zod';
import type { ChangesPage, ContentKind } from '../lib/content-records.ts';
import { fetchApi } from './api.ts';
import { FIRST_PHASE_NEWEST, isFirstPhase } from './build-phase.ts';

interface FeedPage<T> {
  data: T[];
  next: number | null;
}

const CURSOR_KEY = 'cursor';
/** The record shape the stored entries were loaded with: a new shape loads everything again. */
const SHAPE_KEY = 'shape';
const ID_CHUNK = 500;

export interface ApiLoaderOptions {
  /** The feed path under /api/content ('news', 'videos', 'companies'). */
  feed: 'news' | 'videos' | 'companies';
  /** The kind in the changes feed. */
  kind: Exclude<ContentKind, 'event'>;
  /** The collection's record schema. */
  schema: z.ZodType;
}

const shapeOf = (schema: z.ZodType) =>
  createHash('sha256')
    .update(JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any' })))
    .digest('hex');

async function store(context: LoaderContext, record: { id: number }): Promise<void> {
  const data = await context.parseData({ id: String(record.id), data: record as unknown as Record<string, unknown> });
  context.store.set({ id: String(record.id), data, digest: context.generateDigest(data) });
}

async function fullSync(context: LoaderContext, options: ApiLoaderOptions): Promise<number> {
  // The cursor is read first: a change made during the sync is replayed next time.
  const { cursor } = await fetchApi<{ cursor: number }>('content/cursor');
  context.store.clear();
  let after = 0;
  let count = 0;
  for (;;) {
    const page = await fetchApi<FeedPage<{ id: number }>>(`content/${options.feed}?after=${after}&limit=1000`);
    for (const record of page.data) await store(context, record);
    count += page.data.length;
    if (page.next === null) break;
    after = page.next;
  }
  context.logger.info(`${count} ${options.feed} records loaded (full sync)`);
  return cursor;
}

async function incrementalSync(context: LoaderContext, options: ApiLoaderOptions, since: number): Promise<number> {
  let cursor = since;
  // The last operation on an id wins.
  const latest = new Map<number, 'upsert' | 'delete'>();
  for (;;) {
    const page = await fetchApi<ChangesPage>(`content/changes?since=${cursor}&limit=5000`);
    for (const change of page.changes) if (change.kind === options.kind) latest.set(change.entityId, change.op);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  const upserts = [...latest].filter(([, op]) => op === 'upsert').map(([id]) => id);
  let removed = 0;
  for (const [id, op] of latest) {
    if (op === 'delete' && context.store.has(String(id))) {
      context.store.delete(String(id));
      removed++;
    }
  }
  for (let i = 0; i < upserts.length; i += ID_CHUNK) {
    const ids = upserts.slice(i, i + ID_CHUNK);
    const page = await fetchApi<FeedPage<{ id: number }>>(`content/${options.feed}?ids=${ids.join(',')}`);
    const found = new Set(page.data.map((r) => r.id));
    for (const record of page.data) await store(context, record);
    // Changed, then deleted before this build: gone.
    for (const id of ids) if (!found.has(id)) context.store.delete(String(id));
  }
  context.logger.info(`${upserts.length} ${options.feed} records updated, ${removed} removed (since change ${since})`);
  return cursor;
}

/**
 * The first build of a new site: only the records its first pages show. No
 * cursor is kept, so the full build that follows loads everything.
 */
async function firstPhaseSync(context: LoaderContext, options: ApiLoaderOptions): Promise<void> {
  const query = options.feed === 'companies' ? 'clients=true' : `newest=${FIRST_PHASE_NEWEST[options.feed]}`;
  const page = await fetchApi<FeedPage<{ id: number }>>(`content/${options.feed}?${query}`);
  context.store.clear();
  for (const record of page.data) await store(context, record);
  context.meta.delete(CURSOR_KEY);
  context.logger.info(`${page.data.length} ${options.feed} records loaded (first pages of a new site)`);
}

export function apiLoader(options: ApiLoaderOptions): Loader {
  return {
    name: `api-${options.feed}`,
    async load(context) {
      if (isFirstPhase()) return firstPhaseSync(context, options);
      const saved = Number(context.meta.get(CURSOR_KEY));
      const shape = shapeOf(options.schema);
      try {
        const cursor =
          process.env.SITE_FULL_SYNC === '1' ||
          !Number.isFinite(saved) ||
          context.meta.get(CURSOR_KEY) === undefined ||
          context.meta.get(SHAPE_KEY) !== shape
            ? await fullSync(context, options)
            : await incrementalSync(context, options, saved);
        context.meta.set(CURSOR_KEY, String(cursor));
        context.meta.set(SHAPE_KEY, shape);
      } catch (error) {
        // Type checks and editors sync collections too, often with no API running: that is not a build.
        if (process.env.SITE_API_URL) throw error;
        context.logger.warn(`${options.feed} not loaded (${(error as Error).message}); the collection is unchanged`);
      }
    },
  };
}
