/**
 * The staff console's shared rules: the texts of docs/product.md §20.10, the kinds of
 * records staff edit, what a global notification may point at and where it
 * links, and the console's paging. Used by the console, the server and the
 * tests alike.
 */
import { formatCount } from './format.ts';

/**
 * The console's list tabs, in the order of docs/product.md, with the words its messages
 * use (`one`, `many`) and the words it counts records in (`item`, `items`).
 */
export const CONSOLE_LISTS = {
  news: { label: 'News', one: 'news', many: 'news', item: 'article', items: 'articles' },
  events: { label: 'Events', one: 'event', many: 'events', item: 'event', items: 'events' },
  videos: { label: 'Videos', one: 'video', many: 'videos', item: 'video', items: 'videos' },
} as const;

/** A count with its noun, singular for one: '1 event', '2,500 events'. */
export const countOf = (count: number, one: string, many = `${one}s`): string =>
  `${formatCount(count)} ${count === 1 ? one : many}`;
export type ConsoleList = keyof typeof CONSOLE_LISTS;

/**
 * The texts of docs/product.md §20.10 for the console's lists ('Failed to load news', 'Failed to create event', ...).
 */
export const listMessages = (list: ConsoleList) => {
  const { one, many } = CONSOLE_LISTS[list];
  return {
    load: `Failed to load ${many}`,
    create: `Failed to create ${one}`,
    update: `Failed to update ${one}`,
    remove: `Failed to delete ${one}`,
  };
};

export const CONSOLE_MESSAGES = {
  clients: {
    load: 'Failed to load clients',
    loadOne: 'Failed to load the client',
    specialists: 'Failed to load the specialists',
    create: 'Failed to create client',
    update: 'Failed to update client',
  },
  landing: {
    saveFailed: 'Failed to save landing page.',
    saved: 'Landing Page saved successfully!',
    serverFailed: 'Failed to update company landing page',
  },
  leaders: {
    load: 'Failed to load leaders.',
    saved: 'Leader saved successfully!',
    deleted: 'Leader deleted successfully!',
    saveFailed: 'Failed to save leader.',
  },
  broadcast: {
    sent: 'Global Notification Broadcasted Successfully',
    failed: 'Error broadcasting notification',
    load: 'Failed to load the recent broadcasts',
  },
} as const;

/** The console's list pages. */
export const CONSOLE_PAGE_SIZE = 25;
export const CONSOLE_PAGE_SIZES = [10, 25, 50, 100] as const;

/** The staff member making an edit, as the audit log names them. */
export interface StaffActor {
  id: number;
  email: string;
}

/** What an edit may say about the record it changes (the audit log's kinds; 'staff': an account's staff role). */
export const AUDIT_KINDS = [
  'news',
  'event',
  'video',
  'client',
  'landing',
  'leader',
  'notification',
  'newsletter',
  'staff',
  'trial-alias',
  'analyst-rating',
  'ipo',
  'analyst-report',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The answer to an edit based on a version someone else has since replaced. */
export const staleEditMessage = (what: string) =>
  `This ${what} was changed by someone else after you opened it. Reload it to see their changes, then make yours again.`;

/** What a global notification may point at (docs/product.md §19.14). */
export const NOTIFICATION_OBJECT_TYPES = ['news', 'event', 'video', 'company'] as const;
export type NotificationObjectType = (typeof NOTIFICATION_OBJECT_TYPES)[number];

/** Where a notification about an object takes the reader. */
export function notificationLink(objectType: NotificationObjectType, objectId: string): string {
  const id = encodeURIComponent(objectId);
  switch (objectType) {
    case 'news':
      return `/news/${id}`;
    case 'video':
      return `/video/${id}`;
    case 'event':
      return `/events`;
    case 'company':
      return `/stocks/${encodeURIComponent(objectId.toUpperCase())}`;
  }
}

/** The bell's list length, and how often it looks for new notifications. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_POLL_MS = 60_000;
