/**
 * A server grid (ServerGrid.tsx) that loads when its box comes near the
 * window. AG Grid is most of a grid page's JavaScript (about 210 KB gzip) and
 * starting it is the heaviest work the page does, so a grid below the first
 * screen, as the screener's is on phones and laptops, costs the page nothing
 * until the reader scrolls towards it (or Tabs past it, which scrolls it into
 * view). Until then, and while its code arrives, a box of the grid's height
 * stands in its place, so nothing moves when the grid draws.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type ServerGridComponent from './ServerGrid.tsx';
import type { ServerGridProps } from './ServerGrid.tsx';

// React's lazy component forgets the grid's row type; it is the same component, so its own type is given back.
const ServerGrid = lazy(() => import('./ServerGrid.tsx')) as unknown as typeof ServerGridComponent;

/**
 * How far below the window the grid starts loading: enough to be drawing as it scrolls in, and well short of the
 * 200 px or so between a phone's first screen and the screener's grid, so a phone's first view never waits for it.
 */
const LOAD_AHEAD = '0px 0px 100px 0px';

export default function GridWhenVisible<T>(props: ServerGridProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  // Busy (and pulsing) only once the grid is on its way: until the reader comes near, nothing is loading.
  const standIn = (busy: boolean) => (
    <div
      className={busy ? 'card animate-pulse' : 'card'}
      style={{ height: props.height }}
      role="status"
      aria-busy={busy}
      aria-label={busy ? `Loading ${props.ariaLabel.toLowerCase()}` : props.ariaLabel}
    />
  );
  return (
    <div ref={box} data-testid="grid-box">
      {near ? (
        <Suspense fallback={standIn(true)}>
          <ServerGrid {...props} />
        </Suspense>
      ) : (
        standIn(false)
      )}
    </div>
  );
}
