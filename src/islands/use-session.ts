/**
 * The signed-in user for an island the server renders. The page's HTML was
 * rendered for a guest, so hydration starts from no session and the stored
 * one follows at once: reading localStorage during hydration would make the
 * first render differ from the HTML (React error 418) for every signed-in
 * reader.
 */
import { useSyncExternalStore } from 'react';
import { $session, type Session } from '../stores/session.ts';

const subscribe = (changed: () => void) => $session.listen(changed);
const current = () => $session.get();
const asRendered = () => null;

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, current, asRendered);
}
