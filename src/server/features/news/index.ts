/**
 * News articles and newsletters: what other features may use (the site build's feed, the article
 * check, the EDGAR sync's company releases).
 */
export { newsView } from './read-models.ts';
export {
  companyNews,
  listNews,
  newsCoverFacts,
  newsExists,
  newsForBuild,
  searchNewsText,
  type NewsArticle,
  type NewsItem,
  type NewsTextHit,
} from './service.ts';
export { NewsArticleSchema, NewsItemSchema } from './api-schemas.ts';
export { createNews } from './staff-edits.ts';
export { storeCompanyRelease, type CompanyReleaseInput, type CompanyReleaseOutcome } from './company-releases.ts';
export { recordDemoNewsDeleted, removeDemoNews } from './demo-retirement.ts';
