/**
 * Content collections, loaded from the API at build time (see
 * src/build/api-loader.ts): news articles (newsletters included), videos and
 * company pages, in the record shapes the API answers with, less the large
 * fields kept as each record's details (see src/build/record-details.ts).
 */
import { defineCollection } from 'astro:content';
import { companyPageRecord, newsArticleRecord, videoRecord } from './lib/content-records.ts';
import { apiLoader } from './build/api-loader.ts';
import { storedCompanyRecord, storedNewsRecord } from './build/record-details.ts';

const news = defineCollection({
  // Article bodies are staff HTML: sanitized as they are loaded, so pages show them as stored.
  loader: apiLoader({
    feed: 'news',
    kind: 'news',
    schema: newsArticleRecord,
    stored: storedNewsRecord,
    sanitized: ['description'],
  }),
  schema: storedNewsRecord,
});
const videos = defineCollection({
  loader: apiLoader({ feed: 'videos', kind: 'video', schema: videoRecord }),
  schema: videoRecord,
});

// Keyed by the company's number (the changes feed's id); pages are found by symbol.
const companies = defineCollection({
  loader: apiLoader({ feed: 'companies', kind: 'company', schema: companyPageRecord, stored: storedCompanyRecord }),
  schema: storedCompanyRecord,
});

export const collections = { news, videos, companies };
