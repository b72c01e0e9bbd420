/**
 * Pictures that fall back to another when theirs does not load: an <img>
 * with `data-fallback-src` shows that instead once its own picture fails.
 * Used by the video cards and players, in islands and in static pages alike.
 */

/** The video host answers an id it has no picture for with a 120×90 grey placeholder, not an error. */
function isHostPlaceholder(img: HTMLImageElement): boolean {
  try {
    const host = new URL(img.currentSrc || img.src).hostname;
    return host.endsWith('ytimg.com') && img.naturalWidth === 120 && img.naturalHeight === 90;
  } catch {
    return false;
  }
}

/** Watches one picture (watching it twice does no harm: the swap happens once). */
export function fallBackWhenBroken(img: HTMLImageElement): void {
  const fallback = img.dataset.fallbackSrc;
  if (!fallback) return;
  const swap = () => {
    if (img.getAttribute('src') !== fallback) img.src = fallback;
  };
  const check = () => {
    if (img.naturalWidth === 0 || isHostPlaceholder(img)) swap();
  };
  img.addEventListener('error', swap);
  img.addEventListener('load', check);
  // A picture that failed before this ran (the page's script comes after its images) is caught here.
  if (img.complete) check();
}

/** Every such picture in the document. */
export function fallBackAllWhenBroken(root: ParentNode = document): void {
  root.querySelectorAll<HTMLImageElement>('img[data-fallback-src]').forEach(fallBackWhenBroken);
}
