/**
 * Record details: the large fields of content records (an article's body, a
 * company's filings and insider trades), kept in one file per record beside
 * the content data store instead of inside it.
 *
 * Astro reads and writes its data store whole at every build, so every byte
 * in it costs every build, even one after a single edit; a detail file is
 * written only when its record changes, and read only by the pages that show
 * it, as they render. The collections store the records without these fields
 * (see the stored shapes below and src/content.config.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  companyPageRecord,
  newsArticleRecord,
  type CompanyPageData,
  type NewsArticleRecord,
} from '../lib/content-records.ts';

/** An article as stored in the news collection: its body is a detail. */
export const storedNewsRecord = newsArticleRecord.omit({ description: true });
/** A company as stored in the companies collection: its filings, insider trades, financials and short interest are details. */
export const storedCompanyRecord = companyPageRecord.omit({
  filings: true,
  insider: true,
  financials: true,
  short_interest: true,
});
export type StoredCompanyRecord = ReturnType<typeof storedCompanyRecord.parse>;

/** The details of each collection that keeps some. */
export interface RecordDetails {
  news: Pick<NewsArticleRecord, 'description'>;
  companies: Pick<CompanyPageData, 'filings' | 'insider' | 'financials' | 'short_interest'>;
}
export type DetailedFeed = keyof RecordDetails;

/** Beside the data store, in Astro's cache directory (the one astro.config.mjs names). */
const detailsDir = (feed: string) =>
  path.resolve(process.env.ASTRO_CACHE_DIR ?? 'node_modules/.astro', 'details', feed);

const fileOf = (feed: string, id: string | number) => path.join(detailsDir(feed), `${id}.json`);

/** Writes a record's details (the loader validated them). */
export async function writeDetails(feed: string, id: string, details: object): Promise<void> {
  await fs.promises.mkdir(detailsDir(feed), { recursive: true });
  await fs.promises.writeFile(fileOf(feed, id), JSON.stringify(details));
}

export async function removeDetails(feed: string, id: string): Promise<void> {
  await fs.promises.rm(fileOf(feed, id), { force: true });
}

/** Before a collection loads every record again. */
export async function clearDetails(feed: string): Promise<void> {
  await fs.promises.rm(detailsDir(feed), { recursive: true, force: true });
}

/** A record's details, read as its page renders. */
export function readDetails<F extends DetailedFeed>(feed: F, id: string | number): RecordDetails[F] {
  return JSON.parse(fs.readFileSync(fileOf(feed, id), 'utf8')) as RecordDetails[F];
}
