/**
 * The calendar's rows as the filings make them (docs/product.md §8.3): the EDGAR sync's reader of
 * registrations (edgar/ipo-filings.ts) decides what a filing says, and finds, adds and changes a
 * registrant's row here. Staff's corrections are kept apart and never written here (service.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { ipos } from './tables.ts';

/** A row of the calendar, as held. */
export type IpoRow = typeof ipos.$inferSelect;
/** A row to add. */
export type NewIpoRow = typeof ipos.$inferInsert;
/** What a filing changes of a row. */
export type IpoRowChanges = Partial<NewIpoRow>;

/** The row of a registrant, by its CIK. */
export async function ipoOfRegistrant(db: Db, cik: number): Promise<IpoRow | undefined> {
  const [row] = await db.select().from(ipos).where(eq(ipos.cik, cik));
  return row;
}

/** Whether a row bears this company name already. */
export async function ipoNameTaken(db: Db, companyName: string): Promise<boolean> {
  const [sameName] = await db.select({ id: ipos.id }).from(ipos).where(eq(ipos.companyName, companyName));
  return sameName !== undefined;
}

export async function addIpo(db: Db, row: NewIpoRow): Promise<void> {
  await db.insert(ipos).values(row);
}

export async function updateIpo(db: Db, id: number, changes: IpoRowChanges): Promise<void> {
  await db.update(ipos).set(changes).where(eq(ipos.id, id));
}
