/**
 * Route types of docs/product.md (§3.5): auth pages, public pages and private
 * pages. A private page needs a session; any page but /verify and the
 * email preference centre needs a verified account when signed in (the
 * preference centre works from a link in an email, whoever is signed in).
 */
export const AUTH_ROUTES = ['/login', '/signup', '/forgot-password', '/reset-password', '/verify', '/verify-success'];

/** Pages an unverified account may open: confirming the code, and choosing what email to get. */
const OPEN_TO_UNVERIFIED = ['/verify', '/email/preferences'];

/** sessionStorage key: a guest was sent away from a private page (the next page says why). */
export const GUEST_FLAG = 'guestAuthFailed';

/** Profile Info (docs/product.md §15.1), where a reader adds a phone number. */
export const PROFILE_INFO_PATH = '/settings/Profile_Info';

export const PRIVATE_PREFIXES = [
  PROFILE_INFO_PATH,
  '/settings/Change_Password',
  '/settings/Notifications',
  '/settings/Alerts',
  '/settings/Data_Usage',
  '/favorites',
  '/tools',
];

const clean = (path: string) => path.replace(/\/+$/, '') || '/';

export function isPrivateRoute(path: string): boolean {
  const p = clean(path);
  return PRIVATE_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
}

export type GuardDecision = { redirect: null } | { redirect: string; reason: 'guest' | 'unverified' };

/** Where a visitor must go instead of this path, if anywhere. */
export function guardRoute(path: string, session: { loggedIn: boolean; verified: boolean | null }): GuardDecision {
  if (session.loggedIn && session.verified === false && !OPEN_TO_UNVERIFIED.some((p) => path.includes(p))) {
    return { redirect: '/verify', reason: 'unverified' };
  }
  if (!session.loggedIn && isPrivateRoute(path)) return { redirect: '/', reason: 'guest' };
  return { redirect: null };
}
