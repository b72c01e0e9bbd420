/**
 * Content-layer loaders over the API's build feed. The first build pages
 * through every record; later builds read only the changes since the cursor
 * kept in the collection's meta, applying updates and deletions, so a build
 * after one edit fetches one record.
 *
 * A collection can name HTML fields to sanitize as records are loaded (on a
 * worker thread, see sanitize-worker.ts): the stored record is the one pages
 * show, and a record is sanitized once, not at every build. A collection
 * whose stored shape leaves out fields of the record keeps them as the
 * record's details, in a file of their own (see record-details.ts).
 */
import { createHash } from 'node:crypto';
import type { Loader, LoaderContext } from 'astro/loaders';
import { z } from 'zod';
import type { ChangesPage, ContentKind } from '../lib/content-records.ts';
import { fetchApi } from './api.ts';
import { FIRST_PHASE_NEWEST, isFirstPhase } from './build-phase.ts';
import { clearDetails, removeDetails, writeDetails } from './record-details.ts';
import { createSanitizer, type Sanitizer } from './sanitize-worker.ts';

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
  /** The record's schema, as the feed sends it. */
  schema: z.ZodObject;
  /** The collection's schema, when it stores less than the record: the fields it leaves out are details. */
  stored?: z.ZodObject;
  /** Staff-written HTML fields, sanitized as records are loaded. */
  sanitized?: string[];
}

/** Ends the stored shape of a collection whose records are sanitized as loaded: older stores load again (the number goes up when the policy changes). */
const SANITIZED_SHAPE = ':sanitized-on-load-3';

const shapeOf = (options: ApiLoaderOptions) =>
  createHash('sha256')
    .update(JSON.stringify(z.toJSONSchema(options.schema, { unrepresentable: 'any' })))
    .update(options.stored ? JSON.stringify(Object.keys(options.stored.shape)) : '')
    .update(options.sanitized?.length ? `${SANITIZED_SHAPE}:${options.sanitized.join(',')}` : '')
    .digest('hex');

type FeedRecord = { id: number } & Record<string, unknown>;

/** How a collection keeps its records' details, if it does. */
function detailsOf(options: ApiLoaderOptions) {
  if (!options.stored) return null;
  const stored = options.stored.shape;
  const record = options.schema.shape;
  const fields = Object.keys(record).filter((field) => !(field in stored));
  return { feed: options.feed, schema: z.object(Object.fromEntries(fields.map((f) => [f, record[f]!]))) };
}

/** Stores records as they come, their HTML sanitized first when the collection asks for it. */
function recordStore(context: LoaderContext, options: ApiLoaderOptions) {
  const fields = options.sanitized ?? [];
  const details = detailsOf(options);
  // Started with the first record to sanitize: most builds after an edit load no article.
  let sanitizer: Sanitizer | null = null;
  const storing: Promise<void>[] = [];
  const put = async (record: FeedRecord) => {
    for (const field of fields) {
      const html = record[field];
      if (typeof html === 'string') record[field] = await (sanitizer ??= createSanitizer()).sanitize(html);
    }
    const id = String(record.id);
    // The collection's schema keeps the stored fields only.
    const data = await context.parseData({ id, data: record });
    if (!details) {
      context.store.set({ id, data, digest: context.generateDigest(data) });
      return;
    }
    const checked = details.schema.safeParse(record);
    if (!checked.success) throw new Error(`${options.feed} record ${id}: ${z.prettifyError(checked.error)}`);
    const detail = checked.data;
    await writeDetails(details.feed, id, detail);
    // The digest covers the details: a page showing them renders again when they change.
    context.store.set({ id, data, digest: context.generateDigest({ data, detail }) });
  };
  return {
    /** Starts storing a record; the next page is fetched meanwhile. */
    add(record: FeedRecord) {
      const stored = put(record);
      // A failure is reported by `done`, not as an unhandled rejection before it.
      stored.catch(() => {});
      storing.push(stored);
    },
    /** Waits until every record added is stored. */
    async done() {
      try {
        await Promise.all(storing);
      } finally {
        await sanitizer?.close();
      }
    },
  };
}

/** Empties the collection, details included, before every record is loaded again. */
async function clearCollection(context: LoaderContext, options: ApiLoaderOptions): Promise<void> {
  context.store.clear();
  if (options.stored) await clearDetails(options.feed);
}

/** Removes a record and its details. */
async function removeRecord(context: LoaderContext, options: ApiLoaderOptions, id: string): Promise<void> {
  context.store.delete(id);
  if (options.stored) await removeDetails(options.feed, id);
}

async function fullSync(context: LoaderContext, options: ApiLoaderOptions): Promise<number> {
  // The cursor is read first: a change made during the sync is replayed next time.
  const { cursor } = await fetchApi<{ cursor: number }>('content/cursor');
  await clearCollection(context, options);
  const records = recordStore(context, options);
  let after = 0;
  let count = 0;
  try {
    for (;;) {
      const page = await fetchApi<FeedPage<FeedRecord>>(`content/${options.feed}?after=${after}&limit=1000`);
      for (const record of page.data) records.add(record);
      count += page.data.length;
      if (page.next === null) break;
      after = page.next;
    }
  } finally {
    await records.done();
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
      await removeRecord(context, options, String(id));
      removed++;
    }
  }
  const records = recordStore(context, options);
  try {
    for (let i = 0; i < upserts.length; i += ID_CHUNK) {
      const ids = upserts.slice(i, i + ID_CHUNK);
      const page = await fetchApi<FeedPage<FeedRecord>>(`content/${options.feed}?ids=${ids.join(',')}`);
      const found = new Set(page.data.map((r) => r.id));
      for (const record of page.data) records.add(record);
      // Changed, then deleted before this build: gone.
      for (const id of ids) if (!found.has(id)) await removeRecord(context, options, String(id));
    }
  } finally {
    await records.done();
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
  const page = await fetchApi<FeedPage<FeedRecord>>(`content/${options.feed}?${query}`);
  await clearCollection(context, options);
  const records = recordStore(context, options);
  for (const record of page.data) records.add(record);
  await records.done();
  context.meta.delete(CURSOR_KEY);
  context.logger.info(`${page.data.length} ${options.feed} records loaded (first pages of a new site)`);
}

export function apiLoader(options: ApiLoaderOptions): Loader {
  return {
    name: `api-${options.feed}`,
    async load(context) {
      if (isFirstPhase()) return firstPhaseSync(context, options);
      const saved = Number(context.meta.get(CURSOR_KEY));
      const shape = shapeOf(options);
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
