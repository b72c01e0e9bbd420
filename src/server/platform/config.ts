/**
 * Server configuration, read from the environment once and validated, so a
 * wrong value stops the start with a message that names it.
 */
import { addressRanges } from './address-ranges.ts';
import type { BlockList } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

/**
 * Which hops in front of the server are our own proxies, whose
 * X-Forwarded-For and X-Forwarded-Proto are believed: the last `hops` of them
 * (the direct peer first), or those whose address is in `ranges`.
 */
export type ProxyTrust = { kind: 'hops'; hops: number } | { kind: 'addresses'; ranges: BlockList };

const TRUST_PROXY_FORMS =
  'must be true, false, a number of proxy hops, or proxy addresses and ranges such as 10.0.0.0/8, separated by commas';

function proxyTrust(value: string | undefined): ProxyTrust | null {
  const word = value?.trim().toLowerCase() ?? 'false';
  if (['false', 'no'].includes(word)) return { kind: 'hops', hops: 0 };
  // One proxy: the direct peer.
  if (['true', 'yes'].includes(word)) return { kind: 'hops', hops: 1 };
  if (/^\d{1,2}$/.test(word)) return { kind: 'hops', hops: Number(word) };
  if (!word.split(',').some((entry) => entry.trim())) return null;
  try {
    return { kind: 'addresses', ranges: addressRanges(word) };
  } catch {
    return null;
  }
}

/** A comma-separated setting as its entries. */
const listOf = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(4321),
    DATA_DIR: z.string().min(1).default('data'),
    SITE_DIR: z.string().min(1).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** PostgreSQL cancels a statement that runs longer. */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    /** How long opening a PostgreSQL connection may take; during an outage a request waits at most this long. */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(2_500),
    /** A request still running after this answers 503, so one slow request cannot hold a connection forever. */
    REQUEST_DEADLINE_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    /** Who may read /metrics: address ranges (CIDR, comma-separated), and a bearer token. */
    METRICS_ALLOW: z
      .string()
      .max(2000)
      .default('127.0.0.1/32,::1/128')
      .refine(
        (list) => {
          try {
            addressRanges(list);
            return true;
          } catch {
            return false;
          }
        },
        { message: 'METRICS_ALLOW must be IP addresses or ranges such as 10.0.0.0/8, separated by commas' },
      ),
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').max(200).optional(),
    /** How long anonymous readers' news, video and event answers are reused at most (0: never). */
    PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
    /** Requests of one expensive call (GraphQL, CSV export, search, documents) a client address may run at once. */
    EXPENSIVE_CALLS_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(8),
    SIGNUPS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
    SITE_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(50 * 1024 * 1024)
      .default(1024 * 1024),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    DEMO_SEED: z.string().min(1).default('smallcap-demo-1'),
    DEMO_COMPANY_COUNT: z.coerce.number().int().min(50).max(100_000).default(4200),
    SEED_DEMO_DATA: flag(true),
    BUILD_SITE: flag(true),
    /** A new site publishes the pages readers arrive on first, then the rest (false: all in one build). */
    SITE_FIRST_PAGES_FIRST: flag(true),
    /**
     * A change is published by a content build (the pages it touches rendered again by the build process that
     * made the last full build); false: every change makes a full build through Astro's own build.
     */
    SITE_CONTENT_BUILDS: flag(true),
    /** When the whole site is rebuilt on a schedule (cron, New York time). */
    SITE_REBUILD_CRON: z.string().min(9).max(100).default('0 4 * * *'),
    /** Quiet time after a content change before the site is rebuilt. */
    SITE_REBUILD_DEBOUNCE_MS: z.coerce.number().int().min(0).max(600_000).default(250),
    TRUST_PROXY: z
      .string()
      .max(2000)
      .optional()
      .transform((value, ctx) => {
        const trust = proxyTrust(value);
        if (trust) return trust;
        ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FORMS });
        return z.NEVER;
      }),
    /**
     * Push services on this machine (http://localhost:…, https://127.0.0.1…) may receive pushes: for development
     * and tests only. Otherwise a device's endpoint must be a public https address, so no reader can make the server
     * post to the network it runs in.
     */
    PUSH_LOCAL_SERVICES: flag(false),
    /** The first wait of a sign-in on an account with repeated failures (it doubles, to eight times this). */
    SIGN_IN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('RedCap <no-reply@localhost>'),
    /** Bulk mail's pace and its pooled SMTP connections. */
    MAIL_RATE_PER_SECOND: z.coerce.number().min(0.1).max(100_000).default(100),
    MAIL_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5),
    /** The sender's postal address, which every bulk message's footer must carry (CAN-SPAM). */
    MAIL_POSTAL_ADDRESS: z.string().trim().min(5).max(300).optional(),
    /** The envelope sender; each message's number is added (`bounces+123@domain`) so a bounce names it. */
    MAIL_RETURN_PATH: z.email({ message: 'must be an email address' }).optional(),
    MAIL_DKIM_DOMAIN: z.string().min(3).optional(),
    MAIL_DKIM_SELECTOR: z.string().min(1).optional(),
    /** The DKIM private key in PEM (newlines may be written as \\n), or MAIL_DKIM_PRIVATE_KEY_FILE: a file holding it. */
    MAIL_DKIM_PRIVATE_KEY: z.string().min(20).optional(),
    MAIL_DKIM_PRIVATE_KEY_FILE: z.string().min(1).optional(),
    /** Amazon SNS topics whose bounce and complaint notifications /api/email/sns accepts, separated by commas. */
    MAIL_SNS_TOPIC_ARNS: z.string().optional(),
    /** A port on which the server receives delivery status notifications (bounces) by SMTP; unset: none. */
    MAIL_BOUNCE_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** The address that port listens on: the mail server in front relays to it, so loopback unless it runs elsewhere. */
    MAIL_BOUNCE_HOST: z.string().min(1).default('127.0.0.1'),
    /** The domains bounces are addressed to (the return path's); others are refused. */
    MAIL_BOUNCE_DOMAINS: z.string().optional(),
    SMS_API_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
    SMS_ACCOUNT_SID: z.string().min(1).optional(),
    SMS_AUTH_TOKEN: z.string().min(1).optional(),
    SMS_FROM: z.string().min(1).optional(),
    OUTBOX_DIR: z.string().min(1).optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER: z.url({ message: 'must be an absolute http(s) URL' }).default('https://accounts.google.com'),
    /** Zoom's server-to-server OAuth app: with these set, registrations are added to the Zoom webinar too. */
    ZOOM_ACCOUNT_ID: z.string().min(1).optional(),
    ZOOM_CLIENT_ID: z.string().min(1).optional(),
    ZOOM_CLIENT_SECRET: z.string().min(1).optional(),
    ZOOM_API_URL: z.url({ message: 'must be an absolute http(s) URL' }).default('https://api.zoom.us/v2'),
    ZOOM_OAUTH_URL: z.url({ message: 'must be an absolute http(s) URL' }).default('https://zoom.us/oauth/token'),
    /** A real quote provider for imported data (Polygon.io's snapshot API); without it prices stay as imported. */
    QUOTE_PROVIDER_KEY: z.string().min(1).optional(),
    QUOTE_PROVIDER_URL: z.url({ message: 'must be an absolute http(s) URL' }).default('https://api.polygon.io'),
    /** The plan's calls per minute (5 on Polygon's free plan) and the symbols asked per call. */
    QUOTE_PROVIDER_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(5),
    QUOTE_PROVIDER_BATCH: z.coerce.number().int().min(1).max(1000).default(250),
    /**
     * Who the EDGAR sync says it is, as the SEC's fair-access policy asks of automated tools: a company name and
     * an administrator's email address ('RedCap Research admin@redcap.example'). The sync refuses to run without it.
     */
    SEC_USER_AGENT: z
      .string()
      .trim()
      .regex(
        /^\S.*\s\S+@\S+\.\S+$/,
        'must be a company name and an email address, e.g. "RedCap Research admin@redcap.example"',
      )
      .optional(),
    /** Requests a second to EDGAR across the deployment (only the leading instance syncs); the SEC allows 10. */
    SEC_REQUESTS_PER_SECOND: z.coerce
      .number()
      .min(0.1)
      .max(10, 'must be at most 10 (the SEC allows 10 a second)')
      .default(8),
    /** Where EDGAR lives: www.sec.gov (the archives, indexes and feeds) and data.sec.gov (submissions and XBRL). */
    SEC_WWW_URL: z.url({ message: 'must be an absolute http(s) URL' }).default('https://www.sec.gov'),
    SEC_DATA_URL: z.url({ message: 'must be an absolute http(s) URL' }).default('https://data.sec.gov'),
    /**
     * Where ClinicalTrials.gov's API v2 lives (its /studies path beneath), and requests a second to it: the
     * registry publishes no limit and asks crawlers to wait a second between requests.
     */
    CLINICALTRIALS_URL: z
      .url({ message: 'must be an absolute http(s) URL' })
      .default('https://clinicaltrials.gov/api/v2'),
    CLINICALTRIALS_REQUESTS_PER_SECOND: z.coerce
      .number()
      .min(0.01)
      .max(1, 'must be at most 1 (ClinicalTrials.gov asks for a second between requests)')
      .default(1),
    /**
     * FINRA's twice-monthly equity short-interest file: its address with `{date}` for the settlement date
     * (YYYYMMDD). A mirror with the same files may stand in.
     */
    FINRA_SHORT_INTEREST_URL: z
      .string()
      .regex(
        /^https?:\/\/\S+\{date\}\S*$/,
        'must be an absolute http(s) URL with {date} where the settlement date goes',
      )
      .default('https://cdn.finra.org/equity/otcmarket/biweekly/shrt{date}.csv'),
    /**
     * Finnhub's API for analysts' consensus (features/analyst-providers): where it lives, the account's key (none:
     * the sync is off) and the requests a minute it may make (a free key allows 60).
     */
    FINNHUB_URL: z.url({ message: 'must be an absolute http(s) URL' }).default('https://finnhub.io/api/v1'),
    FINNHUB_API_KEY: z.string().trim().min(1).optional(),
    FINNHUB_REQUESTS_PER_MINUTE: z.coerce
      .number()
      .min(1)
      .max(1800, 'must be at most 1800 (Finnhub allows 30 requests a second on any plan)')
      .default(50),
    /** An OpenAI-compatible chat completions API (Ollama, vLLM, llama.cpp server, a hosted one) for RedChat. */
    CHAT_MODEL_BASE_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
    CHAT_MODEL: z.string().min(1).max(200).optional(),
    CHAT_MODEL_API_KEY: z.string().min(1).optional(),
    /** How long the model may take to start answering (and to answer after a tool call) before the built-in engine answers. */
    CHAT_MODEL_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(20_000),
    /** Questions one signed-in reader, and one client address, may ask per minute. */
    CHAT_MESSAGES_PER_MINUTE_PER_USER: z.coerce.number().int().min(1).max(100_000).default(20),
    CHAT_MESSAGES_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
    /** Saved conversations a reader may keep. */
    CHAT_THREADS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(500),
    /** Where the chat frame is served from, when not this site's own origin. */
    CHAT_FRAME_ORIGIN: z
      .url({ message: 'must be an absolute http(s) URL' })
      .regex(/^https?:\/\/[^/]+\/?$/, 'must be an origin: scheme, host and port only')
      .optional(),
  })
  .refine((env) => !env.GOOGLE_CLIENT_ID === !env.GOOGLE_CLIENT_SECRET, {
    message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
    path: ['GOOGLE_CLIENT_ID'],
  })
  .refine((env) => !env.MAIL_DKIM_DOMAIN === !env.MAIL_DKIM_SELECTOR, {
    message: 'set MAIL_DKIM_DOMAIN and MAIL_DKIM_SELECTOR together, or neither',
    path: ['MAIL_DKIM_DOMAIN'],
  })
  .refine((env) => !env.MAIL_DKIM_DOMAIN || env.MAIL_DKIM_PRIVATE_KEY || env.MAIL_DKIM_PRIVATE_KEY_FILE, {
    message: 'DKIM signing needs MAIL_DKIM_PRIVATE_KEY or MAIL_DKIM_PRIVATE_KEY_FILE',
    path: ['MAIL_DKIM_DOMAIN'],
  })
  .refine((env) => !env.SMS_API_URL || (env.SMS_ACCOUNT_SID && env.SMS_AUTH_TOKEN && env.SMS_FROM), {
    message: 'SMS_API_URL needs SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM',
    path: ['SMS_API_URL'],
  })
  .refine((env) => !env.CHAT_MODEL_BASE_URL === !env.CHAT_MODEL, {
    message: 'set CHAT_MODEL_BASE_URL and CHAT_MODEL together, or neither',
    path: ['CHAT_MODEL_BASE_URL'],
  })
  .refine((env) => !env.ZOOM_ACCOUNT_ID === !env.ZOOM_CLIENT_ID && !env.ZOOM_CLIENT_ID === !env.ZOOM_CLIENT_SECRET, {
    message: 'set ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET together, or none of them',
    path: ['ZOOM_ACCOUNT_ID'],
  })
  .transform((env) => {
    const dataDir = path.resolve(env.DATA_DIR);
    const port = env.PORT;
    return {
      env: env.NODE_ENV,
      host: env.HOST,
      port,
      dataDir,
      siteDir: path.resolve(env.SITE_DIR ?? 'dist'),
      database: env.DATABASE_URL
        ? ({
            kind: 'postgres',
            url: env.DATABASE_URL,
            maxConnections: env.DATABASE_POOL_SIZE,
            statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
            connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
          } as const)
        : ({ kind: 'pglite', dataDir } as const),
      siteUrl: (env.SITE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
      logLevel: env.LOG_LEVEL,
      bodyLimitBytes: env.BODY_LIMIT_BYTES,
      requestDeadlineMs: env.REQUEST_DEADLINE_MS,
      publicCacheTtlMs: env.PUBLIC_CACHE_TTL_MS,
      metrics: { allow: env.METRICS_ALLOW, token: env.METRICS_TOKEN ?? null },
      expensiveCallsPerAddress: env.EXPENSIVE_CALLS_PER_ADDRESS,
      signupsPerHourPerAddress: env.SIGNUPS_PER_HOUR_PER_ADDRESS,
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      demoSeed: env.DEMO_SEED,
      demoCompanyCount: env.DEMO_COMPANY_COUNT,
      seedDemoData: env.SEED_DEMO_DATA,
      buildSite: env.BUILD_SITE,
      firstPagesFirst: env.SITE_FIRST_PAGES_FIRST,
      contentBuilds: env.SITE_CONTENT_BUILDS,
      siteRebuild: { schedule: env.SITE_REBUILD_CRON, debounceMs: env.SITE_REBUILD_DEBOUNCE_MS },
      trustProxy: env.TRUST_PROXY,
      quoteProvider: env.QUOTE_PROVIDER_KEY
        ? {
            baseUrl: env.QUOTE_PROVIDER_URL,
            apiKey: env.QUOTE_PROVIDER_KEY,
            callsPerMinute: env.QUOTE_PROVIDER_CALLS_PER_MINUTE,
            batchSize: env.QUOTE_PROVIDER_BATCH,
          }
        : null,
      edgar: {
        userAgent: env.SEC_USER_AGENT ?? null,
        requestsPerSecond: env.SEC_REQUESTS_PER_SECOND,
        wwwUrl: env.SEC_WWW_URL.replace(/\/+$/, ''),
        dataUrl: env.SEC_DATA_URL.replace(/\/+$/, ''),
      },
      finra: {
        shortInterestUrl: env.FINRA_SHORT_INTEREST_URL,
        userAgent: env.SEC_USER_AGENT ?? 'RedCap Research',
      },
      trials: {
        url: env.CLINICALTRIALS_URL.replace(/\/+$/, ''),
        requestsPerSecond: env.CLINICALTRIALS_REQUESTS_PER_SECOND,
        /** The site says who it is to every source, as it does to EDGAR, when it knows. */
        userAgent: env.SEC_USER_AGENT ?? 'RedCap Research',
      },
      analysts: {
        finnhub: {
          url: env.FINNHUB_URL.replace(/\/+$/, ''),
          apiKey: env.FINNHUB_API_KEY ?? null,
          requestsPerMinute: env.FINNHUB_REQUESTS_PER_MINUTE,
          userAgent: env.SEC_USER_AGENT ?? 'RedCap Research',
        },
      },
      signInDelayMs: env.SIGN_IN_DELAY_MS,
      pushLocalServices: env.PUSH_LOCAL_SERVICES,
      mail: {
        smtpUrl: env.SMTP_URL ?? null,
        from: env.MAIL_FROM,
        ratePerSecond: env.MAIL_RATE_PER_SECOND,
        poolSize: env.MAIL_POOL_SIZE,
        postalAddress: env.MAIL_POSTAL_ADDRESS ?? null,
        returnPath: env.MAIL_RETURN_PATH ?? null,
        dkim:
          env.MAIL_DKIM_DOMAIN && env.MAIL_DKIM_SELECTOR
            ? {
                domainName: env.MAIL_DKIM_DOMAIN,
                keySelector: env.MAIL_DKIM_SELECTOR,
                privateKey: env.MAIL_DKIM_PRIVATE_KEY?.replaceAll('\\n', '\n') ?? null,
                privateKeyFile: env.MAIL_DKIM_PRIVATE_KEY_FILE ?? null,
              }
            : null,
        snsTopics: listOf(env.MAIL_SNS_TOPIC_ARNS),
        bounceSmtpPort: env.MAIL_BOUNCE_SMTP_PORT ?? null,
        bounceHost: env.MAIL_BOUNCE_HOST,
        bounceDomains: listOf(env.MAIL_BOUNCE_DOMAINS).map((d) => d.toLowerCase()),
      },
      sms:
        env.SMS_API_URL && env.SMS_ACCOUNT_SID && env.SMS_AUTH_TOKEN && env.SMS_FROM
          ? {
              baseUrl: env.SMS_API_URL,
              accountSid: env.SMS_ACCOUNT_SID,
              authToken: env.SMS_AUTH_TOKEN,
              from: env.SMS_FROM,
            }
          : null,
      outboxDir: path.resolve(env.OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER }
          : null,
      chat: {
        model:
          env.CHAT_MODEL_BASE_URL && env.CHAT_MODEL
            ? {
                baseUrl: env.CHAT_MODEL_BASE_URL.replace(/\/+$/, ''),
                model: env.CHAT_MODEL,
                apiKey: env.CHAT_MODEL_API_KEY ?? null,
                timeoutMs: env.CHAT_MODEL_TIMEOUT_MS,
              }
            : null,
        messagesPerMinutePerUser: env.CHAT_MESSAGES_PER_MINUTE_PER_USER,
        messagesPerMinutePerAddress: env.CHAT_MESSAGES_PER_MINUTE_PER_ADDRESS,
        threadsPerUser: env.CHAT_THREADS_PER_USER,
        frameOrigin: env.CHAT_FRAME_ORIGIN ? new URL(env.CHAT_FRAME_ORIGIN).origin : null,
      },
      zoom:
        env.ZOOM_ACCOUNT_ID && env.ZOOM_CLIENT_ID && env.ZOOM_CLIENT_SECRET
          ? {
              apiUrl: env.ZOOM_API_URL,
              oauthUrl: env.ZOOM_OAUTH_URL,
              accountId: env.ZOOM_ACCOUNT_ID,
              clientId: env.ZOOM_CLIENT_ID,
              clientSecret: env.ZOOM_CLIENT_SECRET,
            }
          : null,
    };
  });

export type Config = z.output<typeof ConfigSchema>;

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty variables count as unset, as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = issue.path.join('.') || 'environment';
        return `${key}=${JSON.stringify(cleaned[key] ?? '')}: ${issue.message}`;
      }),
    );
  }
  return parsed.data;
}
