/**
 * The data behind every video page: the enabled videos, newest first, and
 * the 'Most Recent Videos' shown beside each one, with the cache key of each
 * page (the video and that list).
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { cacheKeyOf, newestVideoFirst } from '../../lib/content.ts';

export type Video = CollectionEntry<'videos'>['data'];

const RECENT_VIDEOS = 8;

export async function videoPages(): Promise<{ video: Video; recent: Video[]; cacheKey: string }[]> {
  const videos = (await getCollection('videos')).map((e) => e.data).filter((v) => !v.disabled);
  videos.sort(newestVideoFirst);
  const newest = videos.slice(0, RECENT_VIDEOS + 1);
  return videos.map((video) => {
    const recent = newest.filter((v) => v.id !== video.id).slice(0, RECENT_VIDEOS);
    return {
      video,
      recent,
      cacheKey: cacheKeyOf(video.updated_at, video.id, ...recent.map((v) => `${v.id}:${v.updated_at}`)),
    };
  });
}

/** The static paths of /video/{id} and /media/{id}. */
export async function videoIdPaths() {
  return (await videoPages()).map(({ video, recent, cacheKey }) => ({
    params: { id: String(video.id) },
    props: { video, recent },
    cacheKey,
  }));
}
