/**
 * Delivering raised alerts (docs/product.md §15.8). Raising stores an alert
 * once per reader, kind and cause, `pending`; this takes pending alerts (and
 * held ones whose quiet hours ended) a batch at a time and, by the reader's
 * settings (the defaults of lib/alerts.ts when they never chose):
 *
 * - email `instant`: one email per alert, with its stop link and one-click
 *   unsubscribe; `digest`: left for the daily digest; `off`: none;
 * - a text message when texts are on for the kind and the profile has a phone;
 * - a push to each of the reader's subscribed devices when pushes are on;
 * - during the reader's quiet hours none of these: the alert is `held` until
 *   they end, then delivered. The bell shows every alert at once, whatever
 *   the channels.
 *
 * Each batch is one transaction: the alerts are locked (`skip locked`, so
 * another instance takes others), their messages queued and their state
 * moved on together, so a crash leaves them pending with nothing queued.
 * Every message has its dedupe key (`alert:{id}:email`, `alert:{id}:sms`,
 * `alert:{id}:push:{subscription}`): whatever happens, an alert goes at
 * most once per channel and device.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_ALERT_SETTINGS, inQuietHours, isCompanyAlertKind, type QuietHours } from '../../../../lib/alerts.ts';
import { arrayColumn } from '../../../platform/db/arrays.ts';
import { rowsOf, transaction, type Db } from '../../../platform/db/client.ts';
import { yieldToRequests } from '../../../platform/db/pace.ts';
import { enqueueAll, type OutgoingMessage } from '../../../platform/outbox/enqueue.ts';
import { mailLinkSecret } from '../../email/index.ts';
import { mailSuppressionsView } from '../../email/index.ts';
import { usersView } from '../../accounts/index.ts';
import { alertSettings, alerts, pushSubscriptions } from '../tables.ts';
import { signStop, stopLinks, type StopTarget } from '../stop/tokens.ts';
import { easternHour, quietHoursEnd } from './eastern.ts';
import { alertEmail, alertPush, alertText } from './messages.ts';

export interface DeliveryOptions {
  siteUrl: string;
  /** The sender's postal address, for the emails' foot (none until configured). */
  postalAddress: string | null;
  /** Alerts per transaction (see bulkStatementRows). */
  batch: number;
  signal?: AbortSignal;
  /** Runs after a batch's messages are queued, before its alerts are marked (tests stop there). */
  beforeMarking?: () => Promise<void>;
}

interface ClaimedAlert {
  id: number;
  userId: number;
  kind: string;
  symbol: string | null;
  screenId: number | null;
  title: string;
  body: string;
  link: string;
  email: string;
  phone: string | null;
  verified: boolean;
  suppressed: boolean;
  hasSettings: boolean;
  emailMode: 'instant' | 'digest' | 'off' | null;
  sms: boolean | null;
  smsKind: boolean | null;
  push: boolean | null;
  quietStart: number | null;
  quietEnd: number | null;
}

interface Channels {
  email: 'instant' | 'digest' | 'off';
  sms: boolean;
  push: boolean;
  quiet: QuietHours | null;
}

/** The reader's channels for this alert: their choices, or the defaults when they never chose. */
function channelsOf(a: ClaimedAlert): Channels {
  const d = DEFAULT_ALERT_SETTINGS;
  if (!a.hasSettings)
    return { email: d.email, sms: d.sms && d.smsKinds.includes(a.kind as never), push: d.push, quiet: d.quietHours };
  return {
    email: a.emailMode!,
    sms: Boolean(a.sms && a.smsKind),
    push: Boolean(a.push),
    quiet: a.quietStart !== null && a.quietEnd !== null ? { start: a.quietStart, end: a.quietEnd } : null,
  };
}

/** What the email's stop link stops: the kind for the company, the screen's alerts, or (neither known) alert emails. */
function stopTargetOf(a: Pick<ClaimedAlert, 'kind' | 'symbol' | 'screenId'>): StopTarget {
  if (a.kind === 'screen-entry' && a.screenId !== null) return { type: 'screen', screenId: a.screenId };
  if (isCompanyAlertKind(a.kind)) return { type: 'kind', kind: a.kind, symbol: a.symbol };
  return { type: 'email' };
}

const iso = (d: Date) => d.toISOString();

/** Locks the next batch of alerts owed to channels, with what is needed to send them. */
async function claim(tx: Db, now: Date, limit: number): Promise<ClaimedAlert[]> {
  return rowsOf<ClaimedAlert>(
    await tx.execute(sql`
      select a.id, a.user_id as "userId", a.kind, a.symbol, a.screen_id as "screenId", a.title, a.body, a.link,
        ${usersView.email}, ${usersView.phone}, ${usersView.verified}, (${mailSuppressionsView.email} is not null) as suppressed,
        (s.user_id is not null) as "hasSettings", s.email as "emailMode", s.sms,
        (a.kind = any(s.sms_kinds)) as "smsKind", s.push, s.quiet_start as "quietStart", s.quiet_end as "quietEnd"
      from ${alerts} a
      join ${usersView} on ${usersView.id} = a.user_id
      left join ${alertSettings} s on s.user_id = a.user_id
      left join ${mailSuppressionsView} on ${mailSuppressionsView.email} = lower(${usersView.email})
      where a.delivery = 'pending' or (a.delivery = 'held' and a.deliver_after <= ${iso(now)}::timestamptz)
      order by a.id
      limit ${limit}
      for update of a skip locked`),
  );
}

/** The devices of these readers, by reader. */
async function devicesOf(tx: Db, userIds: number[]): Promise<Map<number, number[]>> {
  const byUser = new Map<number, number[]>();
  if (!userIds.length) return byUser;
  const rows = rowsOf<{ id: number; userId: number }>(
    await tx.execute(sql`select id, user_id as "userId" from ${pushSubscriptions}
      where user_id = any(${arrayColumn(userIds, (id) => id, 'int4')}) order by id`),
  );
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.id]);
  return byUser;
}

interface Outcome {
  id: number;
  delivery: 'held' | 'digest' | 'done';
  deliverAfter: Date | null;
}

async function mark(tx: Db, outcomes: Outcome[]): Promise<void> {
  await tx.execute(sql`
    update ${alerts} set delivery = v.delivery, deliver_after = v.after
    from unnest(${arrayColumn(outcomes, (o) => o.id, 'int4')}, ${arrayColumn(outcomes, (o) => o.delivery, 'text')},
      ${arrayColumn(outcomes, (o) => (o.deliverAfter ? iso(o.deliverAfter) : null), 'timestamptz')})
      as v(id, delivery, after)
    where ${alerts}.id = v.id`);
}

/** One batch: returns how many alerts it took. */
async function deliverBatch(db: Db, now: Date, options: DeliveryOptions) {
  const secret = await mailLinkSecret(db);
  const hour = easternHour(now);
  return transaction(db, async (tx) => {
    const batch = await claim(tx, now, options.batch);
    if (!batch.length) return { taken: 0 };
    const devices = await devicesOf(tx, [...new Set(batch.map((a) => a.userId))]);
    const messages: OutgoingMessage[] = [];
    const outcomes: Outcome[] = [];
    for (const a of batch) {
      const channels = channelsOf(a);
      const email = channels.email === 'instant' && a.verified && !a.suppressed;
      const sms = channels.sms && a.verified && Boolean(a.phone);
      const pushTo = channels.push ? (devices.get(a.userId) ?? []) : [];
      const later = channels.email === 'digest' ? 'digest' : 'done';
      if ((email || sms || pushTo.length) && inQuietHours(hour, channels.quiet)) {
        outcomes.push({ id: a.id, delivery: 'held', deliverAfter: quietHoursEnd(now, channels.quiet!) });
        continue;
      }
      outcomes.push({ id: a.id, delivery: later, deliverAfter: null });
      if (email) {
        const links = stopLinks(options.siteUrl, signStop(secret, { userId: a.userId, target: stopTargetOf(a) }));
        const mail = alertEmail(a, {
          siteUrl: options.siteUrl,
          stopPage: links.page,
          postalAddress: options.postalAddress,
        });
        messages.push({
          channel: 'email',
          recipient: a.email.toLowerCase(),
          ...mail,
          dedupeKey: `alert:${a.id}:email`,
          unsubscribeUrl: links.oneClick,
        });
      }
      if (sms)
        messages.push({
          channel: 'sms',
          recipient: a.phone!,
          subject: a.title,
          text: alertText(a, options.siteUrl),
          dedupeKey: `alert:${a.id}:sms`,
        });
      for (const device of pushTo)
        messages.push({
          channel: 'push',
          recipient: String(device),
          subject: a.title,
          text: alertPush(a),
          dedupeKey: `alert:${a.id}:push:${device}`,
        });
    }
    await enqueueAll(tx, messages);
    await options.beforeMarking?.();
    await mark(tx, outcomes);
    return { taken: batch.length };
  });
}

/**
 * Delivers every alert owed to channels at `now`, batch after batch until
 * none is left or `signal` stops it; resolves with the number of alerts taken.
 */
export async function deliverAlerts(db: Db, now: Date, options: DeliveryOptions): Promise<number> {
  let taken = 0;
  for (;;) {
    const result = await deliverBatch(db, now, options);
    taken += result.taken;
    if (result.taken < options.batch || options.signal?.aborted) return taken;
    await yieldToRequests();
  }
}
