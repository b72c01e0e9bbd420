/**
 * Building and publishing the static site: what other parts may use. The
 * builder (a child process, published by an atomic switch), the rebuild job,
 * the state of the published site, and the facts about the data it shows.
 */
export { createSiteBuilder, type SiteBuilder } from './builder.ts';
export { startSiteRebuildJob, type SiteRebuildJob } from './rebuild-job.ts';
export { NO_SITE, type SiteState } from './state.ts';
export { DEMO_META_KEY, readDemoSeed, type DemoSeedInfo } from './site-info.ts';
