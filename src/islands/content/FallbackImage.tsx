import { useCallback, type ImgHTMLAttributes } from 'react';
import { fallBackWhenBroken } from './thumbnail-fallback.ts';

interface Props extends ImgHTMLAttributes<HTMLImageElement> {
  src: string;
  /** Shown instead when `src` does not load. */
  fallback: string;
}

/** A picture with a stand-in: a video's own (or its host's) picture, and the site's cover when that does not load. */
export default function FallbackImage({ src, fallback, alt = '', ...rest }: Props) {
  // A ref, not onError: a picture that failed before hydration has no error event left to hear.
  const watch = useCallback((img: HTMLImageElement | null) => {
    if (img) fallBackWhenBroken(img);
  }, []);
  return <img ref={watch} src={src} data-fallback-src={fallback} alt={alt} {...rest} />;
}
