/**
 * What bulk email an address gets (docs/product.md §10.7), read from where
 * each choice lives: the newsletter from the address's subscription, the
 * announcements from its account, company news alerts from its alert
 * sign-ups. Turning a list off also withdraws that list's messages still
 * waiting for the address, so an unsubscribe stops mail at once, and is
 * recorded (for the newsletter issue whose link was used). Each change
 * is idempotent: doing it twice leaves what once did.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { EmailList } from '../../../lib/email-lists.ts';
import { rowsOf, transaction, type Db } from '../../platform/db/client.ts';
import { outboxMessages } from '../../platform/tables.ts';
import { setAnnouncementsOfAddress, usersView } from '../accounts/index.ts';
import { emailSubscriptions, newsAlertSubscriptions } from './tables.ts';
import { emailUnsubscribes } from './tables.ts';

export interface EmailPreferences {
  email: string;
  newsletter: boolean;
  /** Null: no account has the address, so no announcements go to it. */
  announcements: boolean | null;
  /** Null: the address asked for no company's news alerts. */
  alerts: boolean | null;
}

const lower = (email: string) => email.trim().toLowerCase();

export async function preferencesOf(db: Db, rawEmail: string): Promise<EmailPreferences> {
  const email = lower(rawEmail);
  const [row] = rowsOf<{ newsletter: boolean; announcements: boolean | null; alerts: boolean | null }>(
    await db.execute(sql`select
      exists (select 1 from ${emailSubscriptions} where lower(email) = ${email}
        and confirmed_at is not null and unsubscribed_at is null) as newsletter,
      (select announcements_by_message from ${usersView} where lower(email) = ${email}) as announcements,
      (select bool_or(unsubscribed_at is null) from ${newsAlertSubscriptions}
        where lower(email) = ${email} and confirmed_at is not null) as alerts`),
  );
  return {
    email,
    newsletter: Boolean(row?.newsletter),
    announcements: row?.announcements ?? null,
    alerts: row?.alerts ?? null,
  };
}

/** Turns one list on or off; true when it changed anything. */
async function setList(tx: Db, email: string, list: EmailList, on: boolean): Promise<boolean> {
  const now = new Date();
  switch (list) {
    case 'newsletter': {
      if (!on) {
        const off = await tx
          .update(emailSubscriptions)
          .set({ unsubscribedAt: now })
          .where(and(sql`lower(${emailSubscriptions.email}) = ${email}`, isNull(emailSubscriptions.unsubscribedAt)))
          .returning({ id: emailSubscriptions.id });
        return off.length > 0;
      }
      // The link that brought the reader here reached their mailbox (or their account is verified): that confirms it.
      const back = await tx.execute(sql`insert into ${emailSubscriptions} (email, source, confirmed_at)
        values (${email}, 'preferences', now())
        on conflict (lower(email)) do update set confirmed_at = coalesce(${emailSubscriptions.confirmedAt}, now()),
          unsubscribed_at = null, confirm_token_hash = null
        where ${emailSubscriptions.confirmedAt} is null or ${emailSubscriptions.unsubscribedAt} is not null
        returning id`);
      return rowsOf(back).length > 0;
    }
    case 'announcements':
      return setAnnouncementsOfAddress(tx, email, on, now);
    case 'alerts': {
      const changed = await tx
        .update(newsAlertSubscriptions)
        .set({ unsubscribedAt: on ? null : now })
        .where(
          and(
            sql`lower(${newsAlertSubscriptions.email}) = ${email}`,
            isNotNull(newsAlertSubscriptions.confirmedAt),
            on ? isNotNull(newsAlertSubscriptions.unsubscribedAt) : isNull(newsAlertSubscriptions.unsubscribedAt),
          ),
        )
        .returning({ id: newsAlertSubscriptions.id });
      return changed.length > 0;
    }
  }
}

/**
 * Sets the lists named in `changes` for the address. `issueId` is the
 * newsletter issue whose link asked for it, counted in that issue's figures.
 */
export async function setPreferences(
  db: Db,
  rawEmail: string,
  changes: Partial<Record<EmailList, boolean>>,
  issueId: number | null = null,
): Promise<EmailPreferences> {
  const email = lower(rawEmail);
  await transaction(db, async (tx) => {
    for (const [list, on] of Object.entries(changes) as [EmailList, boolean | undefined][]) {
      if (on === undefined) continue;
      const changed = await setList(tx, email, list, on);
      if (on) continue;
      await tx
        .update(outboxMessages)
        .set({ status: 'cancelled' })
        .where(
          and(
            // Bulk messages are queued to lower-cased addresses.
            eq(outboxMessages.recipient, email),
            eq(outboxMessages.list, list),
            sql`${outboxMessages.status} in ('pending', 'held')`,
          ),
        );
      if (changed) await tx.insert(emailUnsubscribes).values({ email, list, issueId });
    }
  });
  return preferencesOf(db, email);
}

/** The one-click unsubscribe: the list off for the address. */
export const unsubscribe = (db: Db, email: string, list: EmailList, issueId: number | null = null) =>
  setPreferences(db, email, { [list]: false }, issueId);
