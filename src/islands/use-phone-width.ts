/**
 * Whether the screen is phone-wide: below 600px, where the bottom bar takes over (the `sm` breakpoint of
 * global.css). The server renders for a wide screen; the browser's answer follows at once and on every change.
 */
import { useSyncExternalStore } from 'react';

const PHONE_QUERY = '(width < 37.5rem)';

const subscribe = (changed: () => void) => {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};
const current = () => window.matchMedia(PHONE_QUERY).matches;
const asRendered = () => false;

export function usePhoneWidth(): boolean {
  return useSyncExternalStore(subscribe, current, asRendered);
}
