/**
 * The top bar's notification bell, for signed-in readers. It loads on every
 * page, so this part only decides whether to show it: the bell itself, its
 * panel and its polling come in their own chunk, which guests never fetch.
 * The top bar keeps the bell's place free while that chunk arrives.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $session } from '../stores/session.ts';

const NotificationCentre = lazy(() => import('./notifications/NotificationCentre.tsx'));

export default function NotificationBell() {
  // The session itself, not $isLoggedIn: a computed store would bring its code into every page.
  const signedIn = useStore($session) !== null;
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <NotificationCentre />
    </Suspense>
  );
}
