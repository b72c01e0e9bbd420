/**
 * Staff accounts, made and unmade from the command line (`npm run staff:add`,
 * `staff:remove`); the role is kept on the server only.
 */
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, isValidEmail } from '../../../lib/validation.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
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

/**
 * Makes a staff account an ordinary one again and signs it out everywhere:
 * a session opened as staff must not keep staff access.
 */
export async function removeStaff(db: Db, email: string): Promise<PublicUser> {
  return transaction(db, async (tx) => {
    const existing = await findByEmail(tx, email);
    if (!existing) throw notFound(`No account has the email ${normalizeEmail(email)}.`);
    if (existing.role !== 'staff') throw conflict(`${existing.email} is not staff: nothing to remove.`);
    const [updated] = await tx
      .update(users)
      .set({ role: 'user', updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning();
    await revokeAllSessions(tx, existing.id);
    return publicUser(updated!);
  });
}
