import { useEffect } from 'react';
import { GUEST_FLAG, guardRoute } from '../lib/routes.ts';
import { $session, clearSession, sessionFromUser, setSession, type ServerUser } from '../stores/session.ts';
import { showSnackbar } from '../stores/snackbar.ts';

/**
 * Keeps the session store true to the server on every page, and applies the
 * route rules: guests leave private pages, unverified users go to /verify.
 */
export default function SessionGuard() {
  useEffect(() => {
    if (sessionStorage.getItem(GUEST_FLAG)) {
      sessionStorage.removeItem(GUEST_FLAG);
      showSnackbar('Please log in to see that page.', 'info');
    }
    const apply = (loggedIn: boolean, verified: boolean | null) => {
      const decision = guardRoute(location.pathname, { loggedIn, verified });
      if (decision.redirect) {
        if (decision.reason === 'guest') sessionStorage.setItem(GUEST_FLAG, '1');
        location.replace(decision.redirect);
      }
    };
    const known = $session.get();
    if (!known) {
      apply(false, null);
      return;
    }
    // The HTTP client loads only for signed-in visitors: readers arriving from search never need it.
    import('./api-client.ts')
      .then(({ api, setUnauthorizedHandler }) => {
        setUnauthorizedHandler(clearSession);
        return api.get('auth/me').json<{ user: ServerUser }>();
      })
      .then(({ user }) => {
        setSession(sessionFromUser(user));
        apply(true, user.verified);
      })
      .catch(() => {
        // 401 already cleared the session (and leaves private pages); offline keeps the last known state.
        const now = $session.get();
        apply(now !== null, now?.isVerified ?? null);
      });
  }, []);
  return null;
}
