/** The video library: what other features may use (the site build's feed). */
export { videos, favoriteVideos } from './tables.ts';
export { videosForBuild, type VideoItem } from './service.ts';
export { VideoSchema } from './api-schemas.ts';
