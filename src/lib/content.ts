/**
 * Pure helpers for the news and video pages: text cuts of docs/product.md (§21.8), related news, cache keys for
 * incremental builds, video thumbnails.
 */

/** Cuts text at a word boundary near `max` characters, with an ellipsis. */
export function cutText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** The first `count` words of a text, with an ellipsis when there were more. */
export function cutWords(text: string, count: number): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  if (words.length <= count) return words.join(' ');
  return `${words
    .slice(0, count)
    .join(' ')
    .replace(/[,.;:]+$/, '')}…`;
}

/** Video descriptions in the favorites list are cut to 30 words (docs/product.md §21.8). */
export const FAVORITE_VIDEO_WORDS = 30;

/** Video card descriptions are shortened to 100 characters (docs/product.md §21.8). */
export const VIDEO_DESCRIPTION_CHARS = 100;
/** News titles on newsletter cards: 75 characters in the 2×2 lead grid, 60 in the grid below. */
export const NEWSLETTER_TITLE_LEAD = 75;
export const NEWSLETTER_TITLE_GRID = 60;
export const VIDEO_PAGE_SIZE = 12;
export const NEWS_PAGE_SIZE = 10;
export const LEAD_ARTICLES = 4;
export const MORE_NEWS = 5;

export interface Dated {
  id: number;
  published_at: string;
}

/** The newest items of the same company, without the item itself. */
export function relatedItems<T extends Dated & { company_symbol: string | null }>(
  item: T,
  byCompany: ReadonlyMap<string, readonly T[]>,
  count = MORE_NEWS,
): T[] {
  if (!item.company_symbol) return [];
  return (byCompany.get(item.company_symbol) ?? []).filter((other) => other.id !== item.id).slice(0, count);
}

/** Items grouped by company, newest first within each. */
export function groupByCompany<T extends Dated & { company_symbol: string | null }>(
  items: readonly T[],
): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    if (!item.company_symbol) continue;
    const list = groups.get(item.company_symbol);
    if (list) list.push(item);
    else groups.set(item.company_symbol, [item]);
  }
  for (const list of groups.values()) list.sort(newestFirst);
  return groups;
}

export const newestFirst = (a: Dated, b: Dated) =>
  a.published_at < b.published_at ? 1 : a.published_at > b.published_at ? -1 : b.id - a.id;

/** Videos newest first; undated ones last, ties by id. */
export const newestVideoFirst = (
  a: { published: string | null; id: number },
  b: { published: string | null; id: number },
) => (b.published ?? '').localeCompare(a.published ?? '') || b.id - a.id;

/** A short stable hash (FNV-1a) of some text: the cache key of a generated page. */
export function cacheKeyOf(...parts: (string | number | null | undefined)[]): string {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    const text = `${part ?? ''}\u0000`;
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
  }
  return hash.toString(36);
}

/** A video's own thumbnail, or the video host's picture for its id (docs/product.md §11.1). */
export const videoThumbnail = (video: { thumbnail_url: string | null; youtubeId: string }) =>
  video.thumbnail_url ?? `https://i.ytimg.com/vi/${encodeURIComponent(video.youtubeId)}/hqdefault.jpg`;

/**
 * The site's own cover for a video, from its company, name and kind: shown
 * where the video's picture does not load (the host has none for the id, or
 * cannot be reached), so a card never shows a broken image.
 */
export const videoCover = (video: { company_symbol: string | null; name: string; type: string }) =>
  `/api/covers/video.svg?${new URLSearchParams({ symbol: video.company_symbol ?? '', title: video.name, type: video.type })}`;

/** 'Unknown Date' when a video has no publication date (docs/product.md §11.1). */
export const UNKNOWN_DATE = 'Unknown Date';
