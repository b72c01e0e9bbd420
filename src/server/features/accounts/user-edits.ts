/**
 * What other features change of an account: the profile's name, phone and message preference, whether
 * announcements also come by message (by the account, or by the address a preferences link names), and the
 * account row held while a reader's own rows change, so that their changes go one at a time.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ContactMethod } from '../../../lib/validation.ts';
import type { Db } from '../../platform/db/client.ts';
import type { UserRow } from './sessions.ts';
import { users } from './tables.ts';

/** Saves the profile's name and phone (both checked by the caller); answers the account as it is now. */
export async function saveNameAndPhone(
  db: Db,
  userId: number,
  change: { name: string; phone: string | null },
): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ name: change.name, phone: change.phone, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}

/** Saves how messages reach the user (checked by the caller). */
export async function saveMessagePreference(db: Db, userId: number, method: ContactMethod): Promise<void> {
  await db.update(users).set({ messagePreference: method, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Saves whether announcements also reach the user by email or SMS. */
export async function saveAnnouncementsByMessage(db: Db, userId: number, on: boolean): Promise<void> {
  await db.update(users).set({ announcementsByMessage: on, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Turns announcements by message on or off for the account with this address (lower-cased by the caller);
 * true when it changed anything.
 */
export async function setAnnouncementsOfAddress(tx: Db, email: string, on: boolean, now: Date): Promise<boolean> {
  const changed = await tx
    .update(users)
    .set({ announcementsByMessage: on, updatedAt: now })
    .where(and(sql`lower(${users.email}) = ${email}`, eq(users.announcementsByMessage, !on)))
    .returning({ id: users.id });
  return changed.length > 0;
}

/** Holds the reader's row until the transaction ends: their changes go one at a time. */
export async function lockUser(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Holds the reader's row until the transaction ends, as lockUser does, and answers the phone on it. */
export async function lockUserPhone(tx: Db, userId: number): Promise<{ phone: string | null } | undefined> {
  const [user] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).for('update');
  return user;
}
