import { useEffect, type RefObject } from 'react';

/**
 * Infinite scroll: calls `loadMore` when the sentinel comes within 600px of
 * the viewport, while `active` (more to load, nothing loading, no failure).
 */
export function useLoadMore(sentinel: RefObject<HTMLElement | null>, active: boolean, loadMore: () => void): void {
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !active) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMore();
      },
      { rootMargin: '600px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [sentinel, active, loadMore]);
}
