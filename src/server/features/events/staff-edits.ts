/**
 * The console's events: a searched page of webinars and conference sessions
 * with everything staff edit, and audited, versioned writes. Each write
 * records a content change, so the events lists and company pages are built
 * again.
 */
import { and, desc, inArray } from 'drizzle-orm';
import type { EventEditRecord } from '../../../lib/console-records.ts';
import type { StaffActor } from '../../../lib/console.ts';
import { recordChange } from '../../platform/changes.ts';
import type { Db } from '../../platform/db/client.ts';
import { paged, rowCount } from '../../platform/db/paged.ts';
import { everyWordIn } from '../../platform/db/search.ts';
import { versionedEditor } from '../audit/index.ts';
import { companiesView, requireCompany } from '../companies/index.ts';
import { events } from './tables.ts';

export interface EventInput {
  title: string;
  company_symbol?: string | null;
  upcoming_date?: Date;
  isActive?: boolean;
  archived?: boolean;
  archive_url?: string | null;
  Zoom_url?: string | null;
  form_url?: string | null;
  zoom_id?: string | null;
  image_url?: string | null;
  agenda?: string | null;
}

type EventRow = typeof events.$inferSelect;

/** An event made without a date is put a week ahead, where staff will see it among the upcoming. */
const DEFAULT_LEAD_MS = 7 * 86_400_000;

const toRecord = (r: EventRow): EventEditRecord => ({
  id: r.id,
  version: r.version,
  title: r.title,
  company_symbol: r.companySymbol,
  upcoming_date: r.upcomingDate.toISOString(),
  isActive: r.isActive,
  archived: r.archived,
  archive_url: r.archiveUrl,
  Zoom_url: r.zoomUrl,
  form_url: r.formUrl,
  zoom_id: r.zoomId,
  image_url: r.imageUrl,
  agenda: r.agenda,
  updated_at: r.updatedAt.toISOString(),
});

async function toColumns(db: Db, input: Partial<EventInput>) {
  if (input.company_symbol) await requireCompany(db, input.company_symbol);
  return {
    ...(input.title !== undefined && { title: input.title.trim() }),
    ...(input.company_symbol !== undefined && { companySymbol: input.company_symbol?.toUpperCase() ?? null }),
    ...(input.upcoming_date !== undefined && { upcomingDate: input.upcoming_date }),
    ...(input.isActive !== undefined && { isActive: input.isActive }),
    ...(input.archived !== undefined && { archived: input.archived }),
    ...(input.archive_url !== undefined && { archiveUrl: input.archive_url }),
    ...(input.Zoom_url !== undefined && { zoomUrl: input.Zoom_url }),
    ...(input.form_url !== undefined && { formUrl: input.form_url }),
    ...(input.zoom_id !== undefined && { zoomId: input.zoom_id }),
    ...(input.image_url !== undefined && { imageUrl: input.image_url }),
    ...(input.agenda !== undefined && { agenda: input.agenda }),
  };
}

/** Events latest date first, searched by words of the title, agenda or ticker. */
export async function eventsForConsole(db: Db, query: { q?: string; page: number; limit: number }) {
  const conditions = everyWordIn(query.q ?? '', [events.title, events.agenda, events.companySymbol]);
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows, total } = await paged(
    db.select().from(events).where(where).orderBy(desc(events.upcomingDate), desc(events.id)),
    rowCount(db).from(events).where(where),
    { page: query.page, pageSize: query.limit },
  );
  return { items: rows.map(toRecord), total };
}

/**
 * A client's webinars are part of its company pages (the Webinar tab, the
 * sticky bar): an event's edit rebuilds the pages of the companies it was
 * and is about.
 */
async function companyPagesChange(tx: Db, ...rows: (EventRow | undefined)[]): Promise<void> {
  const symbols = [...new Set(rows.map((r) => r?.companySymbol).filter((s): s is string => Boolean(s)))];
  if (symbols.length === 0) return;
  const found = await tx
    .select({ id: companiesView.id })
    .from(companiesView)
    .where(inArray(companiesView.symbol, symbols));
  for (const { id } of found) await recordChange(tx, 'company', id);
}

const editor = versionedEditor<typeof events, EventRow>({
  table: events,
  key: events.id,
  kind: 'event',
  what: 'event',
  content: 'event',
  entityId: (r) => r.id,
  alsoChanges: companyPagesChange,
});

export async function createEvent(db: Db, actor: StaffActor, input: EventInput): Promise<EventEditRecord> {
  const values = await toColumns(db, input);
  const created = await editor.create(db, actor, {
    upcomingDate: new Date(Date.now() + DEFAULT_LEAD_MS),
    ...values,
    title: input.title.trim(),
  });
  return toRecord(created);
}

export async function updateEvent(
  db: Db,
  actor: StaffActor,
  id: number,
  input: Partial<EventInput> & { version: number },
): Promise<EventEditRecord> {
  const { version, ...fields } = input;
  const updated = await editor.update(db, actor, id, version, await toColumns(db, fields));
  return toRecord(updated);
}

export async function deleteEvent(db: Db, actor: StaffActor, id: number, version?: number): Promise<void> {
  await editor.remove(db, actor, id, version);
}
