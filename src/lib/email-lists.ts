/**
 * The kinds of bulk email a reader can choose to get or not (docs/product.md
 * §10.7). Every bulk message belongs to one list; its unsubscribe link and
 * the preference centre speak of these names. Transactional mail (codes,
 * password resets, registrations) belongs to none and is never stopped by them.
 */
export const EMAIL_LISTS = ['newsletter', 'announcements', 'alerts'] as const;
export type EmailList = (typeof EMAIL_LISTS)[number];

export const EMAIL_LIST_TEXTS: Record<EmailList, { label: string; detail: string; unsubscribed: string }> = {
  newsletter: {
    label: 'The weekly newsletter',
    detail: 'Research, CEO interviews, webinars and the week’s top small-cap news, once a week.',
    unsubscribed: 'You will no longer get the weekly newsletter.',
  },
  announcements: {
    label: 'Announcements',
    detail: 'News from the RedCap team about articles, events, videos and companies.',
    unsubscribed: 'You will no longer get announcements by email.',
  },
  alerts: {
    label: 'Company news alerts',
    detail: 'An email when a company you asked about publishes news.',
    unsubscribed: 'You will no longer get company news alerts.',
  },
};

export const isEmailList = (value: string): value is EmailList => (EMAIL_LISTS as readonly string[]).includes(value);

/** The preference centre's own texts. */
export const PREFERENCE_TEXTS = {
  heading: 'Email preferences',
  intro: 'Choose the emails {email} gets from RedCap. Codes and confirmations you ask for always arrive.',
  confirmUnsubscribe: 'Unsubscribe {email} from {list}?',
  unsubscribeButton: 'Unsubscribe',
  unsubscribing: 'Unsubscribing…',
  resubscribe: 'Subscribe again',
  everythingOff: 'Turn off every email',
  save: 'Save preferences',
  saving: 'Saving…',
  saved: 'Your email preferences are saved.',
  saveFailed: 'Failed to save your email preferences. Please try again.',
  loadFailed: 'Failed to load your email preferences. Please try again.',
  badLink: 'This link is not valid. Use the link at the bottom of one of our emails.',
  loading: 'Loading…',
  tryAgain: 'Try again',
  legend: 'Emails from RedCap',
  unsubscribeFailed: 'Failed to unsubscribe. Please try again.',
  resubscribing: 'Subscribing…',
  resubscribed: 'You are subscribed to {list} again.',
} as const;
