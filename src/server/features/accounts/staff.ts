/**
 * Staff accounts, made and unmade from the command line (`npm run staff:add`,
 * `staff:remove`); the role is kept on the server only. Every grant, new
 * password and removal is in the audit log (kind 'staff', keyed by the
 * account's email), with who ran the command and where.
 */
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, isValidEmail } from '../../../lib/validation.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/secrets.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { revokeAllSessions } from './sessions.ts';
import { users } from './tables.ts';
import { checkName, checkPassword, findByEmail, normalizeEmail, publicUser, type PublicUser } from './users.ts';

/**
 * Who runs this process, as the audit log names them: the person behind
 * sudo when there is one, the system user otherwise, and the machine.
 */
export function commandLineOperator(): AuditActor {
  const person = process.env.SUDO_USER || os.userInfo().username;
  return { id: null, email: `${person} on ${os.hostname()} (command line)` };
}

/** Creates a verified staff account, or promotes (and re-passwords) an existing one. */
export async function upsertStaff(
  db: Db,
  input: { email: string; password: string; name?: string },
  operator: AuditActor = commandLineOperator(),
): Promise<{ user: PublicUser; created: boolean }> {
  if (!isValidEmail(input.email)) throw invalid(AUTH_MESSAGES.invalidEmail);
  checkPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  return transaction(db, async (tx) => {
    const existing = await findByEmail(tx, input.email);
    if (existing) {
      const [updated] = await tx
        .update(users)
        .set({ role: 'staff', verified: true, passwordHash, updatedAt: new Date() })
        .where(eq(users.id, existing.id))
        .returning();
      await revokeAllSessions(tx, existing.id);
      const wasStaff = existing.role === 'staff';
      await recordAudit(tx, {
        actor: operator,
        // An ordinary account made staff is a new grant; a staff account given a new password, a change to it.
        action: wasStaff ? 'update' : 'create',
        kind: 'staff',
        key: normalizeEmail(existing.email),
        before: wasStaff ? {} : { role: existing.role, verified: existing.verified },
        after: { ...(wasStaff ? {} : { role: 'staff', verified: true }), password: 'replaced', sessions: 'ended' },
      });
      return { user: publicUser(updated!), created: false };
    }
    const name = input.name?.trim() || input.email.split('@')[0]!;
    checkName(name);
    const [created] = await tx
      .insert(users)
      .values({ email: normalizeEmail(input.email), name, username: name, passwordHash, role: 'staff', verified: true })
      .returning();
    await recordAudit(tx, {
      actor: operator,
      action: 'create',
      kind: 'staff',
      key: created!.email,
      before: null,
      after: { id: created!.id, email: created!.email, name, role: 'staff', verified: true },
    });
    return { user: publicUser(created!), created: true };
  });
}

/**
 * Makes a staff account an ordinary one again and signs it out everywhere:
 * a session opened as staff must not keep staff access.
 */
export async function removeStaff(
  db: Db,
  email: string,
  operator: AuditActor = commandLineOperator(),
): Promise<PublicUser> {
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
    await recordAudit(tx, {
      actor: operator,
      action: 'delete',
      kind: 'staff',
      key: normalizeEmail(existing.email),
      before: { role: 'staff' },
      after: { role: 'user', sessions: 'ended' },
    });
    return publicUser(updated!);
  });
}
