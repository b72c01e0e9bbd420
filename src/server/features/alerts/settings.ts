/**
 * A reader's alert choices (docs/product.md §15.7, §18.15): how alerts reach
 * them, what every followed company alerts about, and the companies with a
 * rule of their own. A reader who never chose has no row and gets the
 * defaults of lib/alerts.ts. Setting a rule for a company follows it; rules
 * only ever apply to followed companies.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  ALERT_MESSAGES,
  DEFAULT_ALERT_SETTINGS,
  isValidQuietHours,
  normaliseAlertKinds,
  type AlertKind,
  type AlertSettings,
  type AlertSettingsChange,
  type CompanyAlertChange,
  type CompanyAlertRule,
} from '../../../lib/alerts.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import { invalid } from '../../platform/errors.ts';
import { lockUserPhone } from '../accounts/index.ts';
import { companiesView, favoriteCompaniesView, followCompany, requireCompany } from '../companies/index.ts';
import { savedScreensView } from '../saved-screens/index.ts';
import { alertCompanyRules, alertSettings } from './tables.ts';

type SettingsRow = typeof alertSettings.$inferSelect;
type Channels = Omit<AlertSettings, 'companies' | 'screens'>;

const channelsOf = (row: SettingsRow | undefined): Channels =>
  row
    ? {
        kinds: normaliseAlertKinds(row.kinds, { company: true }),
        priceThreshold: row.priceThreshold,
        email: row.email,
        digestHour: row.digestHour,
        sms: row.sms,
        smsKinds: normaliseAlertKinds(row.smsKinds),
        push: row.push,
        quietHours:
          row.quietStart === null || row.quietEnd === null ? null : { start: row.quietStart, end: row.quietEnd },
      }
    : {
        ...DEFAULT_ALERT_SETTINGS,
        kinds: [...DEFAULT_ALERT_SETTINGS.kinds],
        smsKinds: [...DEFAULT_ALERT_SETTINGS.smsKinds],
      };

/** The reader's channels and all-followed rule: their row, or the defaults when they never chose. */
export async function channelsFor(db: Db, userId: number): Promise<Channels> {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.userId, userId));
  return channelsOf(row);
}

/** A reader's settings with their followed companies (by symbol) and saved screens (newest first). */
export async function readAlertSettings(db: Db, userId: number): Promise<AlertSettings> {
  const channels = await channelsFor(db, userId);
  const followed = await db
    .select({
      symbol: favoriteCompaniesView.symbol,
      name: companiesView.name,
      kinds: alertCompanyRules.kinds,
      priceThreshold: alertCompanyRules.priceThreshold,
    })
    .from(favoriteCompaniesView)
    .innerJoin(companiesView, eq(companiesView.symbol, favoriteCompaniesView.symbol))
    .leftJoin(
      alertCompanyRules,
      and(
        eq(alertCompanyRules.userId, favoriteCompaniesView.userId),
        eq(alertCompanyRules.symbol, favoriteCompaniesView.symbol),
      ),
    )
    .where(eq(favoriteCompaniesView.userId, userId))
    .orderBy(asc(favoriteCompaniesView.symbol));
  const screens = await db
    .select({ id: savedScreensView.id, name: savedScreensView.name, alert: savedScreensView.alert })
    .from(savedScreensView)
    .where(eq(savedScreensView.userId, userId))
    .orderBy(desc(savedScreensView.id));
  return {
    ...channels,
    companies: followed.map((c) => ruleOf(c.symbol, c.name, true, c, channels)),
    screens,
  };
}

function ruleOf(
  symbol: string,
  name: string,
  followed: boolean,
  own: { kinds: string[] | null; priceThreshold: number | null } | undefined,
  channels: Channels,
): CompanyAlertRule {
  const custom = Boolean(own?.kinds);
  return {
    symbol,
    name,
    followed,
    custom,
    kinds: custom ? normaliseAlertKinds(own!.kinds!, { company: true }) : channels.kinds,
    priceThreshold: custom ? own!.priceThreshold! : channels.priceThreshold,
  };
}

/**
 * Saves the channel settings the change names, the others kept (or the
 * defaults). Text messages need a phone number on the profile; quiet hours
 * start and end at different hours.
 */
export async function saveAlertSettings(db: Db, userId: number, change: AlertSettingsChange): Promise<AlertSettings> {
  if (change.quietHours !== undefined && !isValidQuietHours(change.quietHours)) {
    throw invalid(ALERT_MESSAGES.quietHoursInvalid);
  }
  await transaction(db, async (tx) => {
    const user = await lockUserPhone(tx, userId);
    const current = await channelsFor(tx, userId);
    const next: Channels = {
      kinds: change.kinds ? normaliseAlertKinds(change.kinds, { company: true }) : current.kinds,
      priceThreshold: change.priceThreshold ?? current.priceThreshold,
      email: change.email ?? current.email,
      digestHour: change.digestHour ?? current.digestHour,
      sms: change.sms ?? current.sms,
      smsKinds: change.smsKinds ? normaliseAlertKinds(change.smsKinds) : current.smsKinds,
      push: change.push ?? current.push,
      quietHours: change.quietHours === undefined ? current.quietHours : change.quietHours,
    };
    // Only turning text messages on asks for the phone: a reader who removed it keeps their other settings savable.
    if (change.sms === true && !user?.phone) throw invalid(ALERT_MESSAGES.needsPhone);
    await writeChannels(tx, userId, next);
  });
  return readAlertSettings(db, userId);
}

/** Keeps the reader's channels and all-followed rule (the row made when there was none). */
export async function writeChannels(tx: Db, userId: number, next: Channels): Promise<void> {
  const values = {
    kinds: next.kinds,
    priceThreshold: next.priceThreshold,
    email: next.email,
    digestHour: next.digestHour,
    sms: next.sms,
    smsKinds: next.smsKinds,
    push: next.push,
    quietStart: next.quietHours?.start ?? null,
    quietEnd: next.quietHours?.end ?? null,
    updatedAt: new Date(),
  };
  await tx
    .insert(alertSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: alertSettings.userId, set: values });
}

/** A company's rule for the reader, whether or not they follow it. */
export async function readCompanyRule(db: Db, userId: number, symbol: string): Promise<CompanyAlertRule> {
  const company = await requireCompany(db, symbol);
  const channels = await channelsFor(db, userId);
  const [followed] = await db
    .select({ symbol: favoriteCompaniesView.symbol })
    .from(favoriteCompaniesView)
    .where(and(eq(favoriteCompaniesView.userId, userId), eq(favoriteCompaniesView.symbol, company.symbol)));
  const [own] = await db
    .select({ kinds: alertCompanyRules.kinds, priceThreshold: alertCompanyRules.priceThreshold })
    .from(alertCompanyRules)
    .where(and(eq(alertCompanyRules.userId, userId), eq(alertCompanyRules.symbol, company.symbol)));
  return ruleOf(company.symbol, company.name, Boolean(followed), own, channels);
}

/** Gives a company kinds and a threshold of its own, following it if the reader did not. */
export async function saveCompanyRule(
  db: Db,
  userId: number,
  symbol: string,
  change: CompanyAlertChange,
): Promise<CompanyAlertRule> {
  const company = await requireCompany(db, symbol);
  const kinds: AlertKind[] = normaliseAlertKinds(change.kinds, { company: true });
  await transaction(db, async (tx) => {
    await followCompany(tx, userId, company.symbol);
    await tx
      .insert(alertCompanyRules)
      .values({ userId, symbol: company.symbol, kinds, priceThreshold: change.priceThreshold })
      .onConflictDoUpdate({
        target: [alertCompanyRules.userId, alertCompanyRules.symbol],
        set: { kinds, priceThreshold: change.priceThreshold, updatedAt: sql`now()` },
      });
  });
  return readCompanyRule(db, userId, company.symbol);
}

/** Removes a company's own rule: it alerts as every followed company does. */
export async function resetCompanyRule(db: Db, userId: number, symbol: string): Promise<CompanyAlertRule> {
  const company = await requireCompany(db, symbol);
  await db
    .delete(alertCompanyRules)
    .where(and(eq(alertCompanyRules.userId, userId), eq(alertCompanyRules.symbol, company.symbol)));
  return readCompanyRule(db, userId, company.symbol);
}
