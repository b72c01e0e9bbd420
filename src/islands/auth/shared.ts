/** What the account screens share: flash messages across page loads and error decoding. */
import { isHttpError, serverMessage } from '../api-client.ts';

const FLASH_KEY = 'flash';
const CONTACT_KEY = 'resetContact';

/** A message for the next page (e.g. "account created" shown on /login). */
export function setFlash(text: string): void {
  sessionStorage.setItem(FLASH_KEY, text);
}

let flashThisPage: string | null | undefined;

/** The flash for this page load: read and removed from storage once, then the same value. */
export function takeFlash(): string | null {
  if (flashThisPage === undefined) {
    flashThisPage = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
  }
  return flashThisPage;
}

/** The email or phone the reset page receives from the forgot-password page. */
export function setResetContact(contact: { email: string; phone_number: string }): void {
  sessionStorage.setItem(CONTACT_KEY, JSON.stringify(contact));
}

export const readResetContact = (): string | null => sessionStorage.getItem(CONTACT_KEY);

export function parseResetContact(raw: string | null): { email: string; phone_number: string } | null {
  try {
    const parsed = JSON.parse(raw ?? 'null') as { email?: string; phone_number?: string } | null;
    return parsed ? { email: parsed.email ?? '', phone_number: parsed.phone_number ?? '' } : null;
  } catch {
    return null;
  }
}

export interface CallFailure {
  /** The HTTP status, or null when the call never got an answer. */
  status: number | null;
  message: string | null;
}

/** Status and server message of a failed call; both null when no answer came (offline, timeout). */
export function describeFailure(error: unknown): CallFailure {
  if (isHttpError(error)) return { status: error.response.status, message: serverMessage(error) };
  return { status: null, message: null };
}

/** The server's reason for a refusal it explains (a 4xx with a message), else the island's own text. */
export function failureText(error: unknown, fallback: string): string {
  const { status, message } = describeFailure(error);
  return status !== null && status < 500 && message ? message : fallback;
}

/** Whether the server refused the call itself: trying again cannot help, unlike a timeout or a rate limit. */
export function refused(error: unknown): boolean {
  const { status } = describeFailure(error);
  return status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

export const navigate = (path: string) => location.assign(path);
