/**
 * The site currently being served. Builds publish by switching `current`
 * atomically; requests read it once, so a request never mixes two builds.
 */
export interface BuildStatus {
  state: 'idle' | 'building' | 'failed';
  /** Id of the build being served, if any. */
  currentBuild: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  lastError: string | null;
  /** Last lines of build output, for the status call. */
  progress: string[];
  /** Pages of the running or last build: rendered, or carried over unchanged. */
  pages: { rendered: number; unchanged: number } | null;
  /**
   * The same by part of the site ('company' for /stocks/{symbol} pages, else the
   * first path segment), with the milliseconds Astro spent rendering them.
   */
  sections: Record<string, PageCounts> | null;
  /** The newest content change the served site includes (null: not known). */
  publishedThrough: number | null;
  /** The newest content change the running build will include. */
  buildingThrough: number | null;
  /** false while a new site serves only the first pages readers arrive on (see src/build/build-phase.ts). */
  complete: boolean;
}

export interface PageCounts {
  rendered: number;
  unchanged: number;
  renderMs: number;
}

/** The part of the site a built page belongs to. */
export function sectionOf(pagePath: string): string {
  const [first = '', second = '', third = '', fourth = ''] = pagePath.replace(/^\/+/, '').split('/');
  if (first === 'stocks' && second && !['index.html', 'Screener', 'IPO', 'Leaders', 'Laggards'].includes(second)) {
    if (third === 'financials') return 'financials';
    return third === 'videos' && fourth && fourth !== 'index.html' ? 'video' : 'company';
  }
  const name = first.replace(/\.[a-z]+$/, '');
  return name === '' || name === 'index' ? 'home' : name;
}

export interface SiteState {
  /** Absolute path of the published build's root, or null before the first build. */
  currentDir(): string | null;
  status(): BuildStatus;
}

/** The status before any build has run. */
export function idleBuildStatus(): BuildStatus {
  return {
    state: 'idle',
    currentBuild: null,
    startedAt: null,
    finishedAt: null,
    durationMs: null,
    lastError: null,
    progress: [],
    pages: null,
    sections: null,
    publishedThrough: null,
    buildingThrough: null,
    complete: true,
  };
}

/** A site state with nothing published (API-only servers and tests). */
export const NO_SITE: SiteState = { currentDir: () => null, status: idleBuildStatus };
