/**
 * A new site is published in two builds. The first (SITE_BUILD_PHASE=first)
 * renders the pages most readers arrive on first: the home page, the
 * screener, the news and video lists, the legal and account pages, the
 * newest articles and videos, and the client companies' pages; it loads
 * only those records. The full build follows at once and adds the rest.
 */
export const isFirstPhase = (): boolean => process.env.SITE_BUILD_PHASE === 'first';

/** How many of the newest articles and videos the first build publishes. */
export const FIRST_PHASE_NEWEST = { news: 120, videos: 60 } as const;
