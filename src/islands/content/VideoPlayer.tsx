/**
 * The video player (docs/product.md §11.3): a poster until asked to play. An exclusive video
 * first shows 'Exclusive Content / Please submit to access this video.' and
 * plays after Submit; any other plays on click. The embed loads only then,
 * so the page stays light.
 */
import { useEffect, useRef, useState } from 'react';
import FallbackImage from './FallbackImage.tsx';

const EXCLUSIVE_TITLE = 'Exclusive Content';
const EXCLUSIVE_TEXT = 'Please submit to access this video.';

interface Props {
  youtubeId: string;
  title: string;
  poster: string;
  /** Shown when the poster does not load. */
  posterFallback: string;
  exclusive: boolean;
}

/** The embed starts playing: it only loads once the reader asked to play. */
export const embedUrl = (youtubeId: string, { muted = false } = {}) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?autoplay=1&mute=${muted ? 1 : 0}&rel=0&modestbranding=1`;

export default function VideoPlayer({ youtubeId, title, poster, posterFallback, exclusive }: Props) {
  const [state, setState] = useState<'poster' | 'asking' | 'playing'>('poster');
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (state === 'asking') dialog.current?.showModal();
    else if (dialog.current?.open) dialog.current.close();
  }, [state]);

  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-black" data-testid="video-player">
      {state === 'playing' ? (
        <iframe
          className="absolute inset-0 h-full w-full"
          src={embedUrl(youtubeId)}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
        />
      ) : (
        <button
          type="button"
          className="group absolute inset-0 h-full w-full"
          aria-label={`Play ${title}`}
          onClick={() => setState(exclusive ? 'asking' : 'playing')}
        >
          <FallbackImage
            src={poster}
            fallback={posterFallback}
            className="h-full w-full object-cover"
            width="1280"
            height="720"
          />
          <span className="absolute inset-0 flex items-center justify-center bg-black/20 group-hover:bg-black/35">
            <span className="flex h-20 w-20 items-center justify-center rounded-full bg-primary-fill text-white shadow-xl">
              <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
                <path fill="currentColor" d="M8 5v14l11-7z" />
              </svg>
            </span>
          </span>
          {exclusive && (
            <span className="absolute top-3 left-3 rounded bg-primary-fill px-2 py-1 text-xs font-bold text-white uppercase">
              Exclusive
            </span>
          )}
        </button>
      )}
      <dialog
        ref={dialog}
        className="m-auto max-w-sm rounded-xl border border-line bg-surface p-6 text-fg backdrop:bg-black/60"
        aria-labelledby="exclusive-title"
        onClose={() => setState((s) => (s === 'asking' ? 'poster' : s))}
      >
        <h2 id="exclusive-title" className="text-xl font-bold">
          {EXCLUSIVE_TITLE}
        </h2>
        <p className="mt-2 text-muted">{EXCLUSIVE_TEXT}</p>
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => setState('poster')}>
            Cancel
          </button>
          <button type="button" className="btn-primary" onClick={() => setState('playing')}>
            Submit
          </button>
        </div>
      </dialog>
    </div>
  );
}
