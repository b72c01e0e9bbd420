/**
 * YouTube video ids from whatever staff paste: a watch, share, embed,
 * Shorts or live link, or the id itself. One rule for the console's form
 * and the console API.
 */

/** A YouTube video id: 11 characters of the URL-safe alphabet. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** The hosts YouTube serves videos from. */
const YOUTUBE_HOSTS = /^(?:(?:www|m|music)\.)?youtube(?:-nocookie)?\.com$/i;

/** What is wrong with anything that names no video, after the field's name. */
export const YOUTUBE_ID_PROBLEM =
  'is not a YouTube link or video id: paste a watch, share, embed or Shorts link, or the 11-character id';

const idOrNull = (candidate: string | null | undefined): string | null =>
  candidate && VIDEO_ID.test(candidate) ? candidate : null;

/** The video id a link or an id names, or null when it names none. */
export function youtubeVideoId(input: string): string | null {
  const text = input.trim();
  if (VIDEO_ID.test(text)) return text;
  let url: URL;
  try {
    // A link pasted without its scheme ('youtu.be/…', 'www.youtube.com/…') is read as https.
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const [first, second] = url.pathname.split('/').filter(Boolean);
  if (/^youtu\.be$/i.test(url.hostname)) return idOrNull(first);
  if (!YOUTUBE_HOSTS.test(url.hostname)) return null;
  if (first === 'watch') return idOrNull(url.searchParams.get('v'));
  if (first && ['embed', 'shorts', 'live', 'v', 'e'].includes(first)) return idOrNull(second);
  return null;
}
