/**
 * User-facing texts whose wording is fixed by docs/product.md. Keep them
 * here so pages, islands, the server and the tests all use the same words.
 */
export const MESSAGES = {
  newsletter: {
    /** The address is confirmed: the newsletter goes to it. */
    subscribed: 'You are part of our newsletter!',
    success: 'Thank you for subscribing to our newsletter!',
    failed: 'Failed to subscribe. Please try again later.',
    unexpected: 'An unexpected error occurred. Please try again.',
  },
  errorFallback: {
    title: 'Something went wrong',
    retry: 'Try again',
  },
  events: {
    loadFailed: 'Failed to load events. Please try again later.',
    none: 'No webinars found',
  },
  invalidResponse: 'Invalid response data',
  favorites: {
    companies: 'No favorite companies available.',
    events: 'No favorite events available.',
    news: 'No favorite news available.',
    // docs/product.md gives the favorite videos list the news list's empty text (§14.1, §20.8).
    videos: 'No favorite news available.',
  },
  notFound: {
    title: '404 - Page Not Found',
    body: 'The page you are looking for does not exist.',
  },
} as const;

/**
 * The newsletter form's texts while an address waits for its confirmation
 * link (docs/product.md §10.4). Apart from MESSAGES: the form's page renders
 * them into its HTML, so the script every page loads does not carry them.
 */
export const NEWSLETTER_CONFIRMATION = {
  /** A confirmation link is on its way; nothing is sent until it is opened. */
  sent: (email: string) =>
    `Almost done: we sent a confirmation link to ${email}. The newsletter starts once you open it.`,
  checkInbox: 'Check your inbox for the confirmation link.',
  /** Too many sign-ups from one place: the address is kept, its link comes with its next sign-up. */
  notSent: 'We could not send a confirmation link just now. Please try again later.',
} as const;

/** How long a snackbar stays before it hides itself. */
export const SNACKBAR_HIDE_MS = 6000;
/** Client-side API timeout. */
export const API_TIMEOUT_MS = 10_000;
/** Below this width the bottom navigation replaces the side navigation. */
export const MOBILE_BREAKPOINT_PX = 600;
/** The number of small caps the banner promises. */
export const UNIVERSE_SIZE_LABEL = '4000';
