/** Webinars and conference sessions: the upcoming ones the home page shows. */
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { companies, events } from '../../schema.ts';

export interface EventItem {
  id: number;
  title: string;
  company_symbol: string | null;
  Company: { name: string } | null;
  upcoming_date: string;
  isActive: boolean;
  archived: boolean;
  archive_url: string | null;
  Zoom_url: string | null;
  form_url: string | null;
  zoom_id: string | null;
}

/** The next active, not archived events, soonest first. */
export async function upcomingEvents(db: Db, limit: number, now = new Date()): Promise<EventItem[]> {
  const rows = await db
    .select({ event: events, companyName: companies.name })
    .from(events)
    .leftJoin(companies, eq(events.companySymbol, companies.symbol))
    .where(and(eq(events.isActive, true), eq(events.archived, false), gte(events.upcomingDate, now)))
    .orderBy(asc(events.upcomingDate), asc(events.id))
    .limit(limit);
  return rows.map(({ event: e, companyName }) => ({
    id: e.id,
    title: e.title,
    company_symbol: e.companySymbol,
    Company: companyName ? { name: companyName } : null,
    upcoming_date: e.upcomingDate.toISOString(),
    isActive: e.isActive,
    archived: e.archived,
    archive_url: e.archiveUrl,
    Zoom_url: e.zoomUrl,
    form_url: e.formUrl,
    zoom_id: e.zoomId,
  }));
}
