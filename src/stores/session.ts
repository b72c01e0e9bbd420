/**
 * The signed-in user as the site knows it. The session token itself lives in
 * an HttpOnly cookie that scripts cannot read; what is kept here (and in
 * localStorage under the keys of docs/product.md) is only what the UI shows.
 */
import { atom, computed } from 'nanostores';

export interface Session {
  email: string;
  phone: string;
  username: string;
  messagePreference: 'email' | 'phone';
  googleUser: boolean;
  isVerified: boolean;
  /** Whether the console's entry is shown; the server checks the role on every staff call. */
  isStaff?: boolean;
}

/** The user as the identity API returns it (login, /auth/me). */
export interface ServerUser {
  email: string;
  phone_number: string;
  message_preference: 'email' | 'phone';
  username: string;
  verified: boolean;
  googleUser: boolean;
  isStaff?: boolean;
}

export function sessionFromUser(user: ServerUser): Session {
  return {
    email: user.email,
    phone: user.phone_number,
    username: user.username,
    messagePreference: user.message_preference,
    googleUser: user.googleUser,
    isVerified: user.verified,
    isStaff: user.isStaff === true,
  };
}

export const SESSION_KEYS = ['email', 'phone', 'username', 'messagePreference', 'googleUser', 'isStaff'] as const;

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

function readStoredSession(): Session | null {
  if (typeof localStorage === 'undefined') return null;
  const email = localStorage.getItem('email');
  const username = localStorage.getItem('username');
  if (!email && !username) return null;
  return {
    email: email ?? '',
    phone: localStorage.getItem('phone') ?? '',
    username: username ?? '',
    messagePreference: localStorage.getItem('messagePreference') === 'phone' ? 'phone' : 'email',
    googleUser: localStorage.getItem('googleUser') === 'true',
    isVerified: readCookie('isVerified') === 'true',
    isStaff: localStorage.getItem('isStaff') === 'true',
  };
}

export const $session = atom<Session | null>(readStoredSession());
export const $isLoggedIn = computed($session, (s) => s !== null);

function reflect(session: Session | null): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.auth = session ? 'in' : 'out';
}

export function setSession(session: Session): void {
  document.cookie = `isVerified=${session.isVerified}; path=/; max-age=${7 * 86400}; samesite=lax`;
  localStorage.setItem('email', session.email);
  localStorage.setItem('phone', session.phone);
  localStorage.setItem('username', session.username);
  localStorage.setItem('messagePreference', session.messagePreference);
  localStorage.setItem('googleUser', String(session.googleUser));
  localStorage.setItem('isStaff', String(session.isStaff === true));
  $session.set(session);
  reflect(session);
}

export function clearSession(): void {
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
  $session.set(null);
  reflect(null);
}
