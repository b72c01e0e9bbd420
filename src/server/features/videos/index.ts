/** The video library: what other features may use (the site build's feed). */
export { videosView } from './read-models.ts';
export { videosForBuild, type VideoItem } from './service.ts';
export { VideoSchema } from './api-schemas.ts';
export { recordDemoVideosDeleted, removeDemoVideos } from './demo-retirement.ts';
