/**
 * What a stop link does (docs/product.md §15.8, §18.15): read without
 * signing in, it says what it stops and whether that is stopped already;
 * posted (the stop page's button, or a mail provider's one-click
 * unsubscribe) it stops it at once. Stopping twice is stopping once.
 *
 * - A kind for a company: the company gets a rule of its own, the kinds the
 *   reader gets for it now without that one (its threshold kept).
 * - A saved screen: its alert switch off.
 * - Alert emails: the email channel off (the bell and the other channels stay).
 */
import { and, eq } from 'drizzle-orm';
import { ALERT_MESSAGES, alertKindLabel, normaliseAlertKinds } from '../../../../lib/alerts.ts';
import type { Db } from '../../../platform/db/client.ts';
import { transaction } from '../../../platform/db/client.ts';
import { invalid } from '../../../platform/errors.ts';
import { storedMailLinkSecret } from '../../email/index.ts';
import { lockUser, usersView } from '../../accounts/index.ts';
import { companiesView } from '../../companies/index.ts';
import { savedScreensView, stopSavedScreenAlert } from '../../saved-screens/index.ts';
import { channelsFor, writeChannels } from '../settings.ts';
import { alertCompanyRules } from '../tables.ts';
import { readStop, type StopSubject } from './tokens.ts';

export interface StopAnswer {
  /** What the link stops, as the stop page and the confirmation word it. */
  description: string;
  /** Stopped: by this call, or already (the page then says so instead of asking). */
  done: boolean;
}

/** The subject of a good token; a bad one (or one for an account that is gone) is refused with the product's words. */
async function subjectOf(db: Db, token: string): Promise<StopSubject> {
  const secret = token ? await storedMailLinkSecret(db) : null;
  const subject = secret ? readStop(secret, token) : null;
  if (!subject) throw invalid(ALERT_MESSAGES.stopInvalid);
  const [user] = await db.select({ id: usersView.id }).from(usersView).where(eq(usersView.id, subject.userId));
  if (!user) throw invalid(ALERT_MESSAGES.stopInvalid);
  return subject;
}

/** A kind for a company: the kinds it alerts with now and its threshold (its own rule, else the all-followed rule). */
async function companyRule(db: Db, userId: number, symbol: string) {
  const [rule] = await db
    .select()
    .from(alertCompanyRules)
    .where(and(eq(alertCompanyRules.userId, userId), eq(alertCompanyRules.symbol, symbol)));
  if (rule) return { kinds: rule.kinds, priceThreshold: rule.priceThreshold };
  const { kinds, priceThreshold } = await channelsFor(db, userId);
  return { kinds, priceThreshold };
}

/**
 * What the link stops, and whether that is stopped already: the link was
 * used, or the reader turned those alerts off themselves (docs/product.md §15.7).
 */
async function stateOf(db: Db, { userId, target }: StopSubject): Promise<StopAnswer> {
  if (target.type === 'email') {
    const { email } = await channelsFor(db, userId);
    return { description: 'alert emails', done: email === 'off' };
  }
  if (target.type === 'screen') {
    const [screen] = await db
      .select({ name: savedScreensView.name, alert: savedScreensView.alert })
      .from(savedScreensView)
      .where(and(eq(savedScreensView.id, target.screenId), eq(savedScreensView.userId, userId)));
    if (!screen) throw invalid(ALERT_MESSAGES.stopInvalid);
    return { description: `alerts for your screen “${screen.name}”`, done: !screen.alert };
  }
  if (target.symbol === null) {
    const { kinds, priceThreshold } = await channelsFor(db, userId);
    return {
      description: `${alertKindLabel(target.kind, priceThreshold)} alerts for the companies you follow`,
      done: !kinds.includes(target.kind),
    };
  }
  const [company] = await db
    .select({ symbol: companiesView.symbol })
    .from(companiesView)
    .where(eq(companiesView.symbol, target.symbol));
  const rule = await companyRule(db, userId, target.symbol);
  return {
    description: `${alertKindLabel(target.kind, rule.priceThreshold)} alerts for ${target.symbol}`,
    // A company no longer listed alerts nobody: nothing is left to stop.
    done: !company || !rule.kinds.includes(target.kind),
  };
}

async function stop(db: Db, { userId, target }: StopSubject): Promise<void> {
  if (target.type === 'screen') {
    await stopSavedScreenAlert(db, userId, target.screenId);
    return;
  }
  const symbol = target.type === 'kind' ? target.symbol : null;
  await transaction(db, async (tx) => {
    // One stop at a time per reader: two clicks never build a rule from each other's half.
    await lockUser(tx, userId);
    if (target.type === 'email' || symbol === null) {
      const channels = await channelsFor(tx, userId);
      if (target.type === 'email') return writeChannels(tx, userId, { ...channels, email: 'off' });
      if (channels.kinds.includes(target.kind))
        await writeChannels(tx, userId, { ...channels, kinds: channels.kinds.filter((k) => k !== target.kind) });
      return;
    }
    const [company] = await tx
      .select({ symbol: companiesView.symbol })
      .from(companiesView)
      .where(eq(companiesView.symbol, symbol));
    // A company no longer listed alerts nobody: nothing to stop.
    if (!company) return;
    const rule = await companyRule(tx, userId, symbol);
    if (!rule.kinds.includes(target.kind)) return;
    const kinds = normaliseAlertKinds(
      rule.kinds.filter((k) => k !== target.kind),
      { company: true },
    );
    await tx
      .insert(alertCompanyRules)
      .values({ userId, symbol, kinds, priceThreshold: rule.priceThreshold })
      .onConflictDoUpdate({
        target: [alertCompanyRules.userId, alertCompanyRules.symbol],
        set: { kinds, updatedAt: new Date() },
      });
  });
}

/** What the link stops and whether it is stopped already (GET: nothing changes; mail scanners follow links). */
export async function describeStop(db: Db, token: string): Promise<StopAnswer> {
  return stateOf(db, await subjectOf(db, token));
}

/** Stops what the link names, at once. */
export async function applyStop(db: Db, token: string): Promise<StopAnswer> {
  const subject = await subjectOf(db, token);
  const { description } = await stateOf(db, subject);
  await stop(db, subject);
  return { description, done: true };
}
