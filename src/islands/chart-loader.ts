/**
 * The chart library (lightweight-charts with the site's chart style, about
 * 50 KB gzip) loaded by the chart that first needs it, not with the page: a
 * chart island hydrates when it comes into view and only then asks for it, so
 * a page whose chart the reader never scrolls to never downloads or runs it.
 */
import { useEffect, useState } from 'react';
import type * as ChartStyle from './chart-style.ts';

export type ChartKit = typeof ChartStyle;

let loading: Promise<ChartKit> | null = null;

/** The library, fetched once per page; a failed fetch (offline) is tried again by the next chart that asks. */
export function loadChartKit(): Promise<ChartKit> {
  loading ??= import('./chart-style.ts').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The library once it is here (null until then), and whether it could not be fetched. */
export function useChartKit(): { kit: ChartKit | null; failed: boolean } {
  const [state, setState] = useState<{ kit: ChartKit | null; failed: boolean }>({ kit: null, failed: false });
  useEffect(() => {
    let live = true;
    loadChartKit().then(
      (kit) => live && setState({ kit, failed: false }),
      () => live && setState({ kit: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
