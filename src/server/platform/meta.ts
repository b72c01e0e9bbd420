/** Small named facts about the database itself (which demo seed filled it, which day the market job last closed). */
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { appMeta } from './tables.ts';

export async function readMeta<T>(db: Db, key: string): Promise<T | null> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  return row ? (row.value as T) : null;
}

/** Sets a fact, replacing what was there. */
export async function writeMeta(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}

/** Sets a fact unless it is set; returns the stored one (the first writer's, when instances race). */
export async function claimMeta<T>(db: Db, key: string, value: T): Promise<T> {
  await db.insert(appMeta).values({ key, value }).onConflictDoNothing({ target: appMeta.key });
  return (await readMeta<T>(db, key)) ?? value;
}

export async function deleteMeta(db: Db, key: string): Promise<void> {
  await db.delete(appMeta).where(eq(appMeta.key, key));
}
