/** Staff accounts, made from the command line (`npm run staff:add`); the role is kept on the server only. */
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, isValidEmail } from '../../../lib/validation.ts';
import type { Db } from '../../platform/db/client.ts';
import { invalid } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/secrets.ts';
import { revokeAllSessions } from './sessions.ts';
import { users } from './tables.ts';
import { checkName, checkPassword, findByEmail, normalizeEmail, publicUser, type PublicUser } from './users.ts';

/** Creates a verified staff account, or promotes (and re-passwords) an existing one. */
export async function upsertStaff(
  db: Db,
  input: { email: string; password: string; name?: string },
): Promise<{ user: PublicUser; created: boolean }> {
  if (!isValidEmail(input.email)) throw invalid(AUTH_MESSAGES.invalidEmail);
  checkPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const existing = await findByEmail(db, input.email);
  if (existing) {
    const [updated] = await db
      .update(users)
      .set({ role: 'staff', verified: true, passwordHash, updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning();
    await revokeAllSessions(db, existing.id);
    return { user: publicUser(updated!), created: false };
  }
  const name = input.name?.trim() || input.email.split('@')[0]!;
  checkName(name);
  const [created] = await db
    .insert(users)
    .values({ email: normalizeEmail(input.email), name, username: name, passwordHash, role: 'staff', verified: true })
    .returning();
  return { user: publicUser(created!), created: true };
}
