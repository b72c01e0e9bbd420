// A local OpenID provider for the browser tests' "Sign in with Google" journey.
import { startOidcProvider } from '../helpers/oidc-provider.ts';

/** Chosen in playwright.config.ts (a free port). */
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT);

export default async function globalSetup(): Promise<() => Promise<void>> {
  const provider = await startOidcProvider(OIDC_PORT);
  provider.identity = { sub: 'e2e-google-user', email: 'gabriel.google@example.com', name: 'Gabriel Google' };
  return () => provider.close();
}
