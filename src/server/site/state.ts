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
}

export interface SiteState {
  /** Absolute path of the published build's root, or null before the first build. */
  currentDir(): string | null;
  status(): BuildStatus;
}
