/**
 * Content collections, loaded from the API at build time (see
 * src/loaders/api-loader.ts): news articles (newsletters included) and videos,
 * in the record shapes the API answers with.
 */
import { defineCollection } from 'astro:content';
import { newsArticleRecord, videoRecord } from './lib/content-records.ts';
import { apiLoader } from './loaders/api-loader.ts';

const news = defineCollection({ loader: apiLoader({ feed: 'news', kind: 'news' }), schema: newsArticleRecord });
const videos = defineCollection({ loader: apiLoader({ feed: 'videos', kind: 'video' }), schema: videoRecord });

export const collections = { news, videos };
