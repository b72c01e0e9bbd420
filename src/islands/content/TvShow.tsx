/**
 * The sponsored TV show on the home page (docs/product.md §6): plays muted on its own
 * once in view, opens larger in a fullscreen dialog, and can be shared.
 */
import { useEffect, useRef, useState } from 'react';
import { embedUrl } from './VideoPlayer.tsx';
import FallbackImage from './FallbackImage.tsx';
import ShareButtons from './ShareButtons.tsx';

interface Props {
  youtubeId: string;
  title: string;
  poster: string;
  /** Shown when the poster does not load. */
  posterFallback: string;
  pageUrl: string;
}

export default function TvShow({ youtubeId, title, poster, posterFallback, pageUrl }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const [inView, setInView] = useState(false);
  const [full, setFull] = useState(false);

  useEffect(() => {
    const target = frame.current;
    if (!target) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setInView(true);
        observer.disconnect();
      }
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (full) dialog.current?.showModal();
    else if (dialog.current?.open) dialog.current.close();
  }, [full]);

  return (
    <div className="flex flex-col gap-3" data-testid="tv-show">
      <div ref={frame} className="relative aspect-video overflow-hidden rounded-xl bg-black">
        {inView && !full ? (
          <iframe
            className="absolute inset-0 h-full w-full"
            src={embedUrl(youtubeId, { muted: true })}
            title={title}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
          />
        ) : (
          <FallbackImage
            src={poster}
            fallback={posterFallback}
            width="1280"
            height="720"
            className="h-full w-full object-cover"
            loading="lazy"
          />
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="btn-secondary px-3! py-1.5! text-sm" onClick={() => setFull(true)}>
          Watch fullscreen
        </button>
        <ShareButtons url={pageUrl} title={title} />
      </div>
      <dialog
        ref={dialog}
        className="m-auto w-[min(96vw,1200px)] rounded-xl bg-black p-0 backdrop:bg-black/80"
        aria-label={title}
        onClose={() => setFull(false)}
      >
        <div className="relative aspect-video">
          {full && (
            <iframe
              className="absolute inset-0 h-full w-full"
              src={embedUrl(youtubeId)}
              title={title}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
            />
          )}
        </div>
        <form method="dialog" className="flex justify-end p-2">
          <button className="btn-secondary" type="submit">
            Close
          </button>
        </form>
      </dialog>
    </div>
  );
}
