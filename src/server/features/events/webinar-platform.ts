/**
 * Where a registration goes besides our own record: the webinar platform
 * that runs the session. Without configuration the local record is the
 * registration (the join link is the event's own); with Zoom credentials in
 * the environment every registrant is added to the webinar through Zoom's
 * webinar registrants API, which answers with the registrant's own join link.
 */
import type { Config } from '../../platform/config.ts';

export interface Registrant {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  companyName: string;
  jobTitle: string | null;
}

export interface PlatformRegistration {
  /** The platform's id for the registrant, when it has one. */
  registrantId: string | null;
  /** The registrant's join link. */
  joinUrl: string | null;
}

export interface WebinarPlatform {
  readonly name: string;
  /** Whether registering calls another service (then a repeat is caught before calling it). */
  readonly remote: boolean;
  register(webinar: { zoomId: string; zoomUrl: string | null }, registrant: Registrant): Promise<PlatformRegistration>;
}

/** The platform refused this registrant (closed registration, unknown webinar): the message says why. */
export class RegistrationRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistrationRefused';
  }
}

/** The platform could not be reached or kept failing: the registration may be tried again. */
export class PlatformUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlatformUnavailable';
  }
}

/** The default: our own record is the registration; the join link is the event's. */
export const localPlatform: WebinarPlatform = {
  name: 'local',
  remote: false,
  register: (webinar) => Promise.resolve({ registrantId: null, joinUrl: webinar.zoomUrl }),
};

export interface ZoomSettings {
  apiUrl: string;
  oauthUrl: string;
  accountId: string;
  clientId: string;
  clientSecret: string;
  /** How long one call may take. */
  timeoutMs?: number;
}

/** Waits at most this long when Zoom asks to slow down, then gives up for this registration. */
const MAX_RETRY_AFTER_MS = 5_000;

/**
 * Zoom's server-to-server OAuth app: an account-credentials token (cached
 * until shortly before it expires, renewed once when a call answers 401),
 * then `POST /webinars/{webinarId}/registrants`.
 */
export function zoomPlatform(settings: ZoomSettings): WebinarPlatform {
  const timeoutMs = settings.timeoutMs ?? 8_000;
  let token: { value: string; expiresAt: number } | null = null;

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'did not answer in time' : 'is unreachable';
      throw new PlatformUnavailable(`The webinar platform ${reason}. Please try again in a minute.`);
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const url = new URL(settings.oauthUrl);
    url.searchParams.set('grant_type', 'account_credentials');
    url.searchParams.set('account_id', settings.accountId);
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const response = await call(url.href, { method: 'POST', headers: { Authorization: `Basic ${basic}` } });
    if (!response.ok) throw new PlatformUnavailable('The webinar platform refused our credentials.');
    const body = (await response.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
    if (!body?.access_token) throw new PlatformUnavailable('The webinar platform answered without a token.');
    const lifetimeS = Math.max(60, body.expires_in ?? 3600);
    token = { value: body.access_token, expiresAt: Date.now() + (lifetimeS - 60) * 1000 };
    return token.value;
  }

  async function addRegistrant(webinarId: string, registrant: Registrant, attempt: number): Promise<Response> {
    const response = await call(
      `${settings.apiUrl.replace(/\/+$/, '')}/webinars/${encodeURIComponent(webinarId)}/registrants`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${await accessToken()}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: registrant.email,
          first_name: registrant.firstName,
          last_name: registrant.lastName,
          phone: registrant.phone,
          org: registrant.companyName,
          ...(registrant.jobTitle ? { job_title: registrant.jobTitle } : {}),
        }),
      },
    );
    if (attempt > 0) return response;
    if (response.status === 401) {
      token = null;
      return addRegistrant(webinarId, registrant, attempt + 1);
    }
    if (response.status === 429) {
      const waitMs = Number(response.headers.get('retry-after') ?? '1') * 1000;
      if (!(waitMs >= 0 && waitMs <= MAX_RETRY_AFTER_MS)) return response;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      return addRegistrant(webinarId, registrant, attempt + 1);
    }
    return response;
  }

  return {
    name: 'zoom',
    remote: true,
    async register(webinar, registrant) {
      const response = await addRegistrant(webinar.zoomId, registrant, 0);
      const body = (await response.json().catch(() => null)) as {
        registrant_id?: string;
        id?: number | string;
        join_url?: string;
        message?: string;
      } | null;
      if (response.ok) {
        return { registrantId: body?.registrant_id ?? null, joinUrl: body?.join_url ?? webinar.zoomUrl };
      }
      if (response.status === 429 || response.status >= 500 || response.status === 401) {
        throw new PlatformUnavailable('The webinar platform is busy. Please try again in a minute.');
      }
      // Zoom's own sentence ('Webinar does not exist', 'Registration has been closed') is what the reader needs.
      throw new RegistrationRefused(
        String(body?.message ?? 'The webinar platform refused the registration.').slice(0, 200),
      );
    },
  };
}

const platforms = new WeakMap<Config, WebinarPlatform>();

/** The platform the configuration names (one per configuration, so its token is reused). */
export function webinarPlatformFor(config: Config): WebinarPlatform {
  let platform = platforms.get(config);
  if (!platform) {
    platform = config.zoom ? zoomPlatform(config.zoom) : localPlatform;
    platforms.set(config, platform);
  }
  return platform;
}
