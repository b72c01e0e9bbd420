/**
 * The browser's client for the site API: same-origin cookies, the 10-second
 * timeout, and the navigation rules for 401 (sign in again) and 403 (home).
 * A call made with `context: BACKGROUND` (one the reader did not ask for,
 * such as the notification bell's polling) never navigates: its caller shows
 * the failure where it happened.
 */
import ky, { HTTPError } from 'ky';
import { API_TIMEOUT_MS } from '../lib/messages.ts';

export const API_BASE = '/api/';
const AUTH_PAGES = ['/login', '/signup', '/forgot-password', '/reset-password', '/verify'];

/** Called on 401: the store clears the session; set by the session module's users. */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export const BACKGROUND = { background: true } as const;

export const api = ky.create({
  prefix: API_BASE,
  timeout: API_TIMEOUT_MS,
  credentials: 'same-origin',
  retry: 0,
  hooks: {
    afterResponse: [
      ({ request, options, response }) => {
        // Leaving the page the reader is on for a call they never made would be a surprise.
        const background = options.context.background === true;
        if (response.status === 401) {
          onUnauthorized();
          // Auth pages handle their own 401s (a wrong password is not an expired session).
          if (
            !background &&
            !AUTH_PAGES.some((p) => location.pathname.startsWith(p)) &&
            !request.url.includes('/auth/me')
          ) {
            location.assign('/login');
          }
        } else if (response.status === 403 && !background) {
          location.assign('/');
        }
      },
    ],
  },
});

/** The server's `{ message }` of a failed call, when it sent one. */
export function serverMessage(error: unknown): string | null {
  // ky reads the error body into `data` (the response body itself is already consumed).
  if (error instanceof HTTPError && error.data && typeof error.data === 'object') {
    const message = (error.data as { message?: unknown }).message;
    return typeof message === 'string' ? message : null;
  }
  return null;
}

export const isHttpError = (error: unknown): error is HTTPError => error instanceof HTTPError;
