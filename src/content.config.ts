/**
 * Content collections, loaded from the API at build time (see
 * src/loaders/api-loader.ts): news articles (newsletters included) and videos.
 */
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { apiLoader } from './loaders/api-loader.ts';

const company = z
  .object({
    name: z.string(),
    sector_name: z.string(),
    is_client: z.boolean(),
    client: z.object({ active: z.boolean(), news_alert_form_url: z.string().nullable() }).nullable(),
  })
  .nullable();

const news = defineCollection({
  loader: apiLoader({ feed: 'news', kind: 'news' }),
  schema: z.object({
    id: z.number(),
    title: z.string(),
    thumbnail: z.string().nullable(),
    summary: z.string().nullable(),
    published_at: z.string(),
    company_symbol: z.string().nullable(),
    source: z.string().nullable(),
    url: z.string().nullable(),
    rc_newsletter: z.boolean(),
    newsLetterURL: z.string().nullable(),
    Company: company,
    description: z.string(),
    updated_at: z.string(),
  }),
});

const videos = defineCollection({
  loader: apiLoader({ feed: 'videos', kind: 'video' }),
  schema: z.object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    youtubeId: z.string(),
    thumbnail_url: z.string().nullable(),
    type: z.string(),
    published: z.string().nullable(),
    company_symbol: z.string().nullable(),
    company_name: z.string().nullable(),
    sic_code: z.number().nullable(),
    exclusive: z.boolean(),
    disabled: z.boolean(),
    thirtysecs: z.boolean(),
    videoFeatured: z.boolean(),
    updated_at: z.string(),
  }),
});

export const collections = { news, videos };
