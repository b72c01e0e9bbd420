/** Newsletter sign-ups. A repeated address is accepted and stored once. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { emailSubscriptions } from '../db/schema.ts';

export interface SubscribeResult {
  email: string;
  /** False when the address was already subscribed. */
  created: boolean;
}

export async function subscribe(db: Db, rawEmail: string, source = 'site'): Promise<SubscribeResult> {
  const email = rawEmail.trim().toLowerCase();
  const inserted = await db
    .insert(emailSubscriptions)
    .values({ email, source })
    .onConflictDoNothing()
    .returning({ id: emailSubscriptions.id });
  return { email, created: inserted.length > 0 };
}

export async function countSubscriptions(db: Db, email?: string): Promise<number> {
  const where = email ? sql`where lower(${emailSubscriptions.email}) = ${email.trim().toLowerCase()}` : sql``;
  const result = await db.execute(sql`select count(*)::int as n from ${emailSubscriptions} ${where}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}
