/**
 * The console's calls to its API under /api/tools (docs/product.md §18.13), typed by the shared
 * records and checked on arrival. A failed call becomes a ConsoleError with
 * the server's sentence and whether it was a stale edit (409), so each
 * screen can show the text of docs/product.md and, for a stale edit, offer a reload.
 */
import { z } from 'zod';
import {
  analystRatingEditRecord,
  auditEntryRecord,
  broadcastRecord,
  clientRecord,
  eventEditRecord,
  ipoEditRecord,
  landingEditRecord,
  leaderEditRecord,
  newsEditRecord,
  specialistRecord,
  videoEditRecord,
  type AnalystRatingEditRecord,
  type IpoCorrections,
} from '../../lib/console-records.ts';
import type { ConsoleList } from '../../lib/console.ts';
import { dataSourceRecord, trialAliasRecord, type DataSourceRecord } from '../../lib/source-syncs.ts';
import { api, isHttpError, serverMessage } from '../api-client.ts';
import { inPlainWords, type FieldLabels } from './server-reasons.ts';

export class ConsoleError extends Error {
  /** The HTTP status, or null when the server could not be reached. */
  readonly status: number | null;
  /** The server's own sentence, when it sent one. */
  readonly serverMessage: string | null;
  constructor(status: number | null, message: string | null) {
    super(message ?? 'The server could not be reached.');
    this.status = status;
    this.serverMessage = message;
  }
  /** Someone else changed the record since it was loaded. */
  get stale(): boolean {
    return this.status === 409;
  }
  /**
   * The text of docs/product.md for the situation, followed by the server's reason when
   * it gave one, its fields named as the form labels them.
   */
  describe(specText: string, labels: FieldLabels = {}): string {
    return this.serverMessage && this.status !== null && this.status < 500
      ? `${specText}: ${inPlainWords(this.serverMessage, labels)}`
      : specText;
  }
}

export async function call<T>(run: () => Promise<unknown>, schema: z.ZodType<T>): Promise<T> {
  let body: unknown;
  try {
    body = await run();
  } catch (error) {
    if (isHttpError(error)) throw new ConsoleError(error.response.status, serverMessage(error));
    throw new ConsoleError(null, null);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ConsoleError(200, 'The server answered something unexpected.');
  return parsed.data;
}

/** A record's read that answers null when there is none (a 404), for the island to tell from a failure. */
export const orNone = <T>(read: Promise<T>): Promise<T | null> =>
  read.catch((error: unknown) => {
    if (error instanceof ConsoleError && error.status === 404) return null;
    throw error;
  });

const none = z.unknown();

export const LIST_RECORDS = {
  news: newsEditRecord,
  events: eventEditRecord,
  videos: videoEditRecord,
} as const;
export type ListRecord<L extends ConsoleList> = z.infer<(typeof LIST_RECORDS)[L]>;

/** News lists answer under `news`, the others under `data` (the envelopes of docs/product.md). */
const listKey = (list: ConsoleList) => (list === 'news' ? 'news' : 'data');

export interface Page<T> {
  items: T[];
  total: number;
}

export async function listRecords<L extends ConsoleList>(
  list: L,
  query: { q: string; page: number; limit: number },
): Promise<Page<ListRecord<L>>> {
  const key = listKey(list);
  const schema = z.object({ [key]: z.array(LIST_RECORDS[list]), total: z.number() }) as unknown as z.ZodType<
    Record<string, unknown> & { total: number }
  >;
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  if (query.q.trim()) params.set('q', query.q.trim());
  const body = await call(() => api.get(`tools/${list}?${params}`).json(), schema);
  return { items: body[key] as ListRecord<L>[], total: body.total };
}

/** `{ data: record }`: what create and update answer. */
const saved = <L extends ConsoleList>(list: L) =>
  z.object({ data: LIST_RECORDS[list] as unknown as z.ZodType<ListRecord<L>> });

export const createRecord = <L extends ConsoleList>(list: L, fields: Record<string, unknown>) =>
  call(() => api.post(`tools/${list}`, { json: fields }).json(), saved(list)).then((b) => b.data);

export const updateRecord = <L extends ConsoleList>(
  list: L,
  id: number,
  version: number,
  fields: Record<string, unknown>,
) =>
  call(() => api.put(`tools/${list}/${id}`, { json: { ...fields, version } }).json(), saved(list)).then((b) => b.data);

export const deleteRecord = (list: ConsoleList, id: number, version: number) =>
  call(() => api.delete(`tools/${list}/${id}?version=${version}`).then(() => null), none);

// Clients, specialists, landing pages, leaders

export const listClients = (q = '') =>
  call(
    () => api.get(`tools/clients?limit=100${q.trim() ? `&q=${encodeURIComponent(q.trim())}` : ''}`).json(),
    z.object({ data: z.array(clientRecord), total: z.number() }),
  );

export const getClient = (symbol: string) =>
  call(() => api.get(`tools/clients/${encodeURIComponent(symbol)}`).json(), z.object({ data: clientRecord })).then(
    (b) => b.data,
  );

export const createClient = (fields: Record<string, unknown>) =>
  call(() => api.post('tools/clients', { json: fields }).json(), z.object({ data: clientRecord })).then((b) => b.data);

export const updateClient = (symbol: string, version: number, fields: Record<string, unknown>) =>
  call(
    () => api.put(`tools/clients/${encodeURIComponent(symbol)}`, { json: { ...fields, version } }).json(),
    z.object({ data: clientRecord }),
  ).then((b) => b.data);

export const listSpecialists = () =>
  call(() => api.get('tools/specialists').json(), z.object({ data: z.array(specialistRecord) })).then((b) => b.data);

export const getLanding = (symbol: string) =>
  call(
    () => api.get(`tools/company-landing/${encodeURIComponent(symbol)}`).json(),
    z.object({ data: landingEditRecord }),
  ).then((b) => b.data);

const landingSaved = z.object({ success: z.literal(true), message: z.string(), data: landingEditRecord });

export const createLanding = (symbol: string, fields: Record<string, unknown>) =>
  call(() => api.post('tools/company-landing', { json: { ...fields, company_symbol: symbol } }).json(), landingSaved);

export const updateLanding = (symbol: string, version: number, fields: Record<string, unknown>) =>
  call(
    () => api.put(`tools/company-landing/${encodeURIComponent(symbol)}`, { json: { ...fields, version } }).json(),
    landingSaved,
  );

export const listLeaders = (symbol: string) =>
  call(
    () => api.get(`tools/management/${encodeURIComponent(symbol)}`).json(),
    z.object({ data: z.array(leaderEditRecord) }),
  ).then((b) => b.data);

export const createLeader = (symbol: string, fields: Record<string, unknown>) =>
  call(
    () => api.post('tools/management', { json: { ...fields, company_symbol: symbol } }).json(),
    z.object({ data: leaderEditRecord }),
  ).then((b) => b.data);

export const updateLeader = (id: number, version: number, fields: Record<string, unknown>) =>
  call(
    () => api.put(`tools/management/${id}`, { json: { ...fields, version } }).json(),
    z.object({ data: leaderEditRecord }),
  ).then((b) => b.data);

export const deleteLeader = (id: number, version: number) =>
  call(() => api.delete(`tools/management/${id}?version=${version}`).then(() => null), none);

// Notifications and the audit log

export const broadcastNotification = (fields: { message: string; objectId: string; objectType: string }) =>
  call(() => api.post('notifications/notifications', { json: fields }).json(), z.object({ message: z.string() }));

/** Recent broadcasts with their delivery progress, newest first. */
export const recentBroadcasts = (limit = 10) =>
  call(
    () => api.get(`notifications/notifications?limit=${limit}`).json(),
    z.object({ data: z.array(broadcastRecord) }),
  ).then((b) => b.data);

export const auditLog = (query: { kind?: string; key?: string; page: number; limit: number }) => {
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  if (query.kind) params.set('kind', query.kind);
  if (query.key) params.set('key', query.key);
  return call(
    () => api.get(`tools/audit?${params}`).json(),
    z.object({ data: z.array(auditEntryRecord), total: z.number() }),
  );
};

// The site build, for "live" after a save

export const contentCursor = () =>
  call(() => api.get('content/cursor').json(), z.object({ cursor: z.number() })).then((b) => b.cursor);

export const buildStatusSchema = z.object({
  state: z.enum(['idle', 'building', 'failed']),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  progress: z.array(z.string()),
  pages: z.object({ rendered: z.number(), unchanged: z.number() }).nullable(),
  publishedThrough: z.number().nullable(),
  buildingThrough: z.number().nullable(),
});
export type BuildStatus = z.infer<typeof buildStatusSchema>;

export const buildStatus = () =>
  call(() => api.get('site/build').json(), z.object({ data: buildStatusSchema })).then((b) => b.data);

// Data sources

export const listDataSources = () =>
  call(() => api.get('tools/data-sources').json(), z.object({ data: z.array(dataSourceRecord) })).then((b) => b.data);

export const requestSync = (source: DataSourceRecord['id']) =>
  call(() => api.post(`tools/data-sources/${source}/sync`).json(), dataSourceRecord);

export const listTrialAliases = () =>
  call(() => api.get('tools/trials/aliases').json(), z.object({ data: z.array(trialAliasRecord) })).then((b) => b.data);

export const addTrialAlias = (symbol: string, alias: string) =>
  call(() => api.post('tools/trials/aliases', { json: { symbol, alias } }).json(), trialAliasRecord);

export const removeTrialAlias = (symbol: string, alias: string) =>
  call(() => api.delete('tools/trials/aliases', { searchParams: { symbol, alias } }).then(() => null), none);

// Analyst ratings

export type AnalystRatingFields = Pick<
  AnalystRatingEditRecord,
  'analyst_name' | 'firm_name' | 'recommendation' | 'recommendation_date' | 'price_target'
>;

export const listAnalystRatings = (symbol: string) =>
  call(
    () => api.get(`tools/analyst-ratings/${encodeURIComponent(symbol)}`).json(),
    z.object({ data: z.array(analystRatingEditRecord) }),
  ).then((b) => b.data);

export const addAnalystRating = (symbol: string, fields: AnalystRatingFields) =>
  call(
    () => api.post('tools/analyst-ratings', { json: { company_symbol: symbol, ...fields } }).json(),
    z.object({ data: analystRatingEditRecord }),
  ).then((b) => b.data);

export const changeAnalystRating = (id: number, version: number, fields: AnalystRatingFields) =>
  call(
    () => api.put(`tools/analyst-ratings/${id}`, { json: { version, ...fields } }).json(),
    z.object({ data: analystRatingEditRecord }),
  ).then((b) => b.data);

export const removeAnalystRating = (id: number, version: number) =>
  call(() => api.delete(`tools/analyst-ratings/${id}?version=${version}`).then(() => null), none);

// The IPO calendar's corrections

export const listIpoRows = (page: number, pageSize: number) =>
  call(
    () => api.get('tools/ipos', { searchParams: { page, pageSize } }).json(),
    z.object({ data: z.array(ipoEditRecord), total: z.number() }),
  );

export const correctIpoRow = (id: number, version: number, corrections: IpoCorrections) =>
  call(
    () => api.put(`tools/ipos/${id}`, { json: { version, corrections } }).json(),
    z.object({ data: ipoEditRecord }),
  ).then((b) => b.data);
