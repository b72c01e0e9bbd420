// A local OpenID provider for the browser tests' "Sign in with Google" journey.
import { startOidcProvider } from '../helpers/oidc-provider.ts';

export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4392);

export default async function globalSetup(): Promise<() => Promise<void>> {
  const provider = await startOidcProvider(OIDC_PORT);
  provider.identity = { sub: 'e2e-google-user', email: 'gabriel.google@example.com', name: 'Gabriel Google' };
  return () => provider.close();
}
