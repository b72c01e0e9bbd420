/**
 * The shapes of content records, one definition for both sides: the API
 * documents and answers them, and the site's content collections check what
 * the build reads from it.
 */
import { z } from 'zod';

export const companyOfRecord = z
  .object({
    name: z.string(),
    sector_name: z.string(),
    is_client: z.boolean(),
    client: z.object({ active: z.boolean(), news_alert_form_url: z.string().nullable() }).nullable(),
  })
  .nullable();

/** An article or newsletter as lists show it. */
export const newsItemRecord = z.object({
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
  Company: companyOfRecord,
});

/** An article with its body (sanitized HTML). */
export const newsArticleRecord = newsItemRecord.extend({
  description: z.string(),
  updated_at: z.string(),
});

export const videoRecord = z.object({
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
});
