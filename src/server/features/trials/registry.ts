/**
 * The client of ClinicalTrials.gov's API v2 (docs/product.md §9.13): a sponsor's studies, a page of
 * up to 1,000 at a time (`GET {CLINICALTRIALS_URL}/studies?query.spons=…`), through the platform's
 * polite client at CLINICALTRIALS_REQUESTS_PER_SECOND (at most one a second, as the registry's
 * robots.txt asks of crawlers), waiting out 429s. Only the modules the company page uses are asked
 * for. Where the registry lives is configuration, so a test server can stand in.
 */
import type { Config } from '../../platform/config.ts';
import { SourceUnavailable, createSourceClient, type SourceClientOptions } from '../../platform/source-client.ts';
import { TrialDocumentError, readStudiesAnswer, type StudiesPage } from './study.ts';

/** The registry cannot be reached or keeps refusing: the run stops here. */
export class RegistryUnavailable extends SourceUnavailable {
  override readonly name = 'RegistryUnavailable';
}

/** The studies' modules a trial is read from (study.ts). */
const FIELDS = [
  'IdentificationModule',
  'StatusModule',
  'SponsorCollaboratorsModule',
  'DesignModule',
  'ArmsInterventionsModule',
  'ConditionsModule',
].join('|');
/** The registry's largest page. */
const PAGE_SIZE = 1000;
/** A name that brings more than this many pages is a large sponsor's, not a small cap's: the rest is left. */
export const MAX_PAGES_PER_SPONSOR = 5;

export interface TrialRegistry {
  /** The pages of studies naming a sponsor (lead, collaborator or organization), in the registry's order. */
  sponsorStudies(sponsor: string, signal?: AbortSignal): AsyncGenerator<StudiesPage & { document: string }>;
  readonly requests: number;
}

export type TrialRegistryOptions = Config['trials'] &
  Pick<SourceClientOptions, 'fetch' | 'now' | 'sleep' | 'tries' | 'timeoutMs'>;

/** The URL of one page of a sponsor's studies. */
export function sponsorStudiesUrl(base: string, sponsor: string, pageToken: string | null): string {
  const query = new URLSearchParams({
    // Quoted: the name as a phrase, not its words anywhere.
    'query.spons': `"${sponsor.replace(/"/g, '')}"`,
    fields: FIELDS,
    pageSize: String(PAGE_SIZE),
    format: 'json',
  });
  if (pageToken) query.set('pageToken', pageToken);
  return `${base}/studies?${query}`;
}

export function createTrialRegistry(options: TrialRegistryOptions): TrialRegistry {
  const { url, userAgent, requestsPerSecond, ...limits } = options;
  const client = createSourceClient({
    ...limits,
    name: 'ClinicalTrials.gov',
    userAgent,
    requestsPerSecond,
    maxRequestsPerSecond: 1,
    accept: 'application/json',
    maxBytes: 64 * 1024 * 1024,
    errors: { unavailable: RegistryUnavailable, document: TrialDocumentError },
  });
  return {
    get requests() {
      return client.requests;
    },
    async *sponsorStudies(sponsor, signal) {
      let token: string | null = null;
      for (let page = 0; page < MAX_PAGES_PER_SPONSOR; page++) {
        const address = sponsorStudiesUrl(url, sponsor, token);
        const answer = await client.get(address, {}, signal);
        const document = `ClinicalTrials.gov studies of "${sponsor}"${page ? ` (page ${page + 1})` : ''}`;
        // The registry answers a query it has nothing for with an empty page, never 404.
        if (answer.status !== 200 || !answer.body)
          throw new TrialDocumentError(document, `was answered ${answer.status}.`);
        const read = readStudiesAnswer(answer.body.toString('utf8'), document);
        yield { ...read, document };
        token = read.nextPageToken;
        if (!token) return;
      }
    },
  };
}
