/**
 * Reader alerts (docs/product.md §15.7, §18.15, §19.16): what a reader is
 * told about the companies they follow and their saved screens, and how.
 * The kinds in their order with their labels, the defaults, the limits and
 * the words, one definition for the API, the islands and the tests. Pure
 * code: no browser or server APIs, and no zod (pages load this file; the
 * records' schemas are in content-records.ts).
 */

/** Every alert kind's id, in the order lists show them. */
export const ALERT_KIND_IDS = [
  'filing-current',
  'filing-periodic',
  'insider-buy',
  'insider-sell',
  'ownership',
  'trial',
  'news',
  'price-move',
  'high-52w',
  'low-52w',
  'webinar-scheduled',
  'webinar-soon',
  'screen-entry',
] as const;
export type AlertKind = (typeof ALERT_KIND_IDS)[number];

/** Where `price-move`'s label shows the reader's threshold. */
const THRESHOLD_PLACEHOLDER = '{n}';

/** The kinds in order with the labels lists show (`price-move` names the threshold through `{n}`). */
export const ALERT_KINDS: readonly { id: AlertKind; label: string }[] = [
  { id: 'filing-current', label: 'Current reports (8-K)' },
  { id: 'filing-periodic', label: 'Periodic reports (10-K, 10-Q)' },
  { id: 'insider-buy', label: 'Insider buying' },
  { id: 'insider-sell', label: 'Insider selling' },
  { id: 'ownership', label: 'Ownership filings (13D, 13G)' },
  { id: 'trial', label: 'Drug trials changing phase or status' },
  { id: 'news', label: 'News about the company' },
  { id: 'price-move', label: `Daily move beyond ±${THRESHOLD_PLACEHOLDER}%` },
  { id: 'high-52w', label: 'New 52-week high' },
  { id: 'low-52w', label: 'New 52-week low' },
  { id: 'webinar-scheduled', label: 'Webinar scheduled' },
  { id: 'webinar-soon', label: 'Webinar starting in an hour' },
  // Saved screens only: not among a company's kinds, but a kind text messages may carry.
  { id: 'screen-entry', label: 'Companies entering my saved screens' },
];

/** The kinds a company's rule (and the all-followed rule) chooses from: all but `screen-entry`. */
export const COMPANY_ALERT_KINDS = ALERT_KIND_IDS.filter(
  (kind): kind is Exclude<AlertKind, 'screen-entry'> => kind !== 'screen-entry',
);
export type CompanyAlertKind = (typeof COMPANY_ALERT_KINDS)[number];

/** A kind's label, the threshold in place of `{n}` (the default threshold when none is given). */
export function alertKindLabel(kind: AlertKind, threshold: number = DEFAULT_PRICE_THRESHOLD): string {
  const label = ALERT_KINDS.find((entry) => entry.id === kind)?.label ?? kind;
  return label.replace(THRESHOLD_PLACEHOLDER, String(threshold));
}

export function isAlertKind(value: unknown): value is AlertKind {
  return typeof value === 'string' && (ALERT_KIND_IDS as readonly string[]).includes(value);
}

export function isCompanyAlertKind(value: unknown): value is CompanyAlertKind {
  return typeof value === 'string' && (COMPANY_ALERT_KINDS as readonly string[]).includes(value);
}

/**
 * Kinds as they are kept: known ones only (company kinds only when `company`),
 * each once, in the lists' order.
 */
export function normaliseAlertKinds(kinds: readonly string[], { company = false } = {}): AlertKind[] {
  const allowed: readonly AlertKind[] = company ? COMPANY_ALERT_KINDS : ALERT_KIND_IDS;
  return allowed.filter((kind) => kinds.includes(kind));
}

/** The daily move threshold: whole percentages from 1 to 100, 10 when the reader never chose. */
export const PRICE_THRESHOLD_MIN = 1;
export const PRICE_THRESHOLD_MAX = 100;
export const DEFAULT_PRICE_THRESHOLD = 10;

function isValidThreshold(value: unknown): value is number {
  return (
    typeof value === 'number' && Number.isInteger(value) && value >= PRICE_THRESHOLD_MIN && value <= PRICE_THRESHOLD_MAX
  );
}

/** A threshold typed in a field: the number when it is a whole percentage in range, else null. */
export function parseThreshold(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return isValidThreshold(value) ? value : null;
}

/** How alert email goes out: one per alert at once, one a day at the digest hour, or none. */
export const EMAIL_MODES = ['instant', 'digest', 'off'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

/** Hours of the day in Eastern Time (digest hour, quiet hours). */
export const EASTERN_HOUR_MIN = 0;
export const EASTERN_HOUR_MAX = 23;

function isEasternHour(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= EASTERN_HOUR_MIN && value <= EASTERN_HOUR_MAX;
}

/** Quiet hours, Eastern: messages wait from `start` until `end` (they may span midnight); start and end differ. */
export interface QuietHours {
  start: number;
  end: number;
}

export function isValidQuietHours(value: QuietHours | null): boolean {
  return value === null || (isEasternHour(value.start) && isEasternHour(value.end) && value.start !== value.end);
}

/** Whether an Eastern hour falls in quiet hours (the start hour in, the end hour out). */
export function inQuietHours(hour: number, quiet: QuietHours | null): boolean {
  if (quiet === null) return false;
  return quiet.start < quiet.end ? hour >= quiet.start && hour < quiet.end : hour >= quiet.start || hour < quiet.end;
}

/** An alert in the reader's list (the bell's Alerts tab). */
export interface Alert {
  id: number;
  kind: AlertKind;
  symbol: string | null;
  title: string;
  body: string;
  /** An absolute path on the site (/stocks/ABCD, /news/12, /events) or the filing's sec.gov address. */
  link: string;
  createdAt: string;
  read: boolean;
}

/** A followed company's rule: its own kinds and threshold (`custom`), or the all-followed rule's. */
export interface CompanyAlertRule {
  symbol: string;
  name: string;
  /** Whether the company is among the reader's favorites (rules alert only for followed companies). */
  followed: boolean;
  custom: boolean;
  kinds: AlertKind[];
  priceThreshold: number;
}

export interface SavedScreenAlert {
  id: number;
  name: string;
  alert: boolean;
}

export interface AlertSettings {
  /** For all followed companies (company kinds only). */
  kinds: AlertKind[];
  priceThreshold: number;
  email: EmailMode;
  /** 0..23, Eastern Time. */
  digestHour: number;
  /** Needs a phone number on the profile. */
  sms: boolean;
  /** The kinds that also go by text message. */
  smsKinds: AlertKind[];
  /** Sent to the reader's subscribed devices. */
  push: boolean;
  quietHours: QuietHours | null;
  /** The followed companies, by symbol. */
  companies: CompanyAlertRule[];
  screens: SavedScreenAlert[];
}

/** What `PUT /api/alerts/settings` takes: any of the settings but the lists. */
export type AlertSettingsChange = Partial<Omit<AlertSettings, 'companies' | 'screens'>>;

/** What `PUT /api/alerts/companies/{symbol}` takes. */
export interface CompanyAlertChange {
  kinds: AlertKind[];
  priceThreshold: number;
}

/** A reader's settings before they chose anything. */
export const DEFAULT_ALERT_SETTINGS: Readonly<Omit<AlertSettings, 'companies' | 'screens'>> = {
  kinds: [...COMPANY_ALERT_KINDS],
  priceThreshold: DEFAULT_PRICE_THRESHOLD,
  email: 'instant',
  digestHour: 7,
  sms: false,
  smsKinds: ['filing-current', 'price-move'],
  push: true,
  quietHours: null,
};

/** The bell's Alerts tab reads this many at a time, at most ALERTS_PAGE_MAX. */
export const ALERTS_PAGE_SIZE = 20;
export const ALERTS_PAGE_MAX = 50;

/** The stop page, where an alert email's unsubscribe link leads (`?t=` the token). */
export const ALERTS_STOP_PATH = '/alerts/stop/';
export const ALERT_SETTINGS_PATH = '/settings/Alerts';

/** The words the server answers with and the site shows (docs/product.md §15.7, §18.15). */
export const ALERT_MESSAGES = {
  settingsSaved: 'Alert settings saved.',
  companySaved: (symbol: string) => `Alerts for ${symbol} saved.`,
  companyDefaults: (symbol: string) => `${symbol} uses your alerts for all followed companies.`,
  screenOn: (name: string) => `Alerts on for “${name}”.`,
  screenOff: (name: string) => `Alerts off for “${name}”.`,
  thresholdInvalid: 'Enter a whole percentage from 1 to 100.',
  needsPhone: 'Add a phone number in Profile Info to get text messages.',
  quietHoursInvalid: 'Quiet hours must start and end at different hours.',
  stopInvalid: 'This link is not valid. Open the alert settings to change your alerts.',
  stopped: (description: string) => `You will no longer get ${description}.`,
} as const;

/** An Eastern hour as the settings show it: `7:00 AM ET`. */
export function easternHourLabel(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}:00 ${hour < 12 ? 'AM' : 'PM'} ET`;
}

/** The site's words for alerts (docs/product.md §15.7). */
export const ALERT_TEXT = {
  tab: 'Alerts',
  pageDescription: 'Choose what RedCap alerts you about and how alerts reach you.',
  heading: 'Alert Settings',
  intro:
    'Alerts tell you about the companies you follow (your favorite companies) and your saved screens. They always appear under the bell at the top of the page.',
  loading: 'Loading your alert settings…',
  loadFailed: 'Failed to load your alert settings.',
  saveFailed: 'Failed to save your alert settings. Please try again.',
  retry: 'Retry',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  // Channels
  channels: 'How alerts reach you',
  email: 'Email',
  emailModes: { instant: 'Each alert at once', digest: 'One daily digest', off: 'No alert email' },
  digestHour: 'Digest time',
  sms: 'Text messages (SMS)',
  smsLabel: 'Also send some alerts by text message',
  smsKinds: 'Alerts sent by text message',
  /** The page ALERT_MESSAGES.needsPhone names, linked where the message shows. */
  profileInfo: 'Profile Info',
  push: 'Push notifications',
  pushLabel: 'Send alerts to my devices that have push on',
  quietHours: 'Quiet hours',
  quietHoursLabel: 'Hold email, text and push alerts during quiet hours',
  quietHoursDetail: 'Alerts that come during quiet hours are sent when they end. The bell shows them at once.',
  quietFrom: 'From',
  quietUntil: 'Until',
  // Companies
  allFollowed: 'Alerts for all followed companies',
  allFollowedDetail: 'What every company you follow alerts you about, unless you chose otherwise for it below.',
  threshold: 'Daily move threshold (%)',
  followed: 'Followed companies',
  followedNone: 'You do not follow any companies yet. Tap the heart on a company page to follow it.',
  sameAsAll: 'Same as all followed',
  custom: 'Custom',
  reset: 'Reset',
  companyKinds: (name: string) => `Alerts for ${name}`,
  // Screens
  screens: 'Saved screens',
  screensDetail: 'Alert me when a company newly enters the screen.',
  screensNone: 'No saved screens yet. Save a screen in the screener to get alerts for it.',
  screenSwitch: (name: string) => `Alerts for “${name}”`,
  screenFailed: 'Could not change the screen’s alerts. Please try again.',
  // This device
  device: 'Push on this device',
  deviceUnsupported: 'This browser cannot receive push notifications.',
  deviceDenied:
    'Notifications from RedCap are blocked in this browser. Allow them in the browser’s site settings to turn push on.',
  deviceOn: 'Push is on for this device.',
  deviceOff: 'Push is off for this device.',
  deviceTurnOn: 'Turn on push on this device',
  deviceTurnOff: 'Turn off push on this device',
  deviceWorking: 'Working…',
  deviceFailed: 'Could not change push on this device. Please try again.',
  // The company bell
  companyButton: (name: string) => `Alerts for “${name}”`,
  companyDialog: (symbol: string) => `Alerts for ${symbol}`,
  companyUsesDefaults: 'Uses your alerts for all followed companies.',
  companyNotFollowed: (name: string) => `Saving follows ${name}: it joins your favorite companies.`,
  companyLoading: 'Loading…',
  companyLoadFailed: 'Failed to load the alerts for this company.',
  useDefaults: 'Use my defaults',
  // The bell
  bellAlerts: 'Alerts',
  bellAnnouncements: 'Announcements',
  bellLoading: 'Loading alerts…',
  bellNone: 'No alerts yet',
  bellLoadFailed: 'Failed to load alerts.',
  // The stop page
  stopHeading: 'Stop alerts',
  stopLoading: 'Loading…',
  stopAsk: 'This link stops:',
  stopButton: 'Stop these alerts',
  stopping: 'Stopping…',
  stopFailed: 'Could not stop these alerts. Please try again.',
  stopLoadFailed: 'Failed to load this link. Please try again.',
  openSettings: 'Open the alert settings',
} as const;
