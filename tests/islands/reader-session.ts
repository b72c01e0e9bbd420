/** A signed-in reader for the island tests: the page's session store set as signing in sets it. */
import { setSession } from '../../src/stores/session.ts';

export const signInReader = () =>
  setSession({
    email: 'a@example.com',
    phone: '',
    username: 'a',
    messagePreference: 'email',
    googleUser: false,
    isVerified: true,
  });
