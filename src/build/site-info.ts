/** Build-time site facts, fetched once per build and shared by every page. */
import { fetchApi } from './api.ts';
import { onNextBuild } from './build-session.ts';

export interface BuildSiteInfo {
  demo: boolean;
  demoSeed: { asOf: string } | null;
  companies: number;
  /** The chat frame's origin and the site origin it answers to; null for the site's own origin. */
  chat: { frameOrigin: string | null; hostOrigin: string | null };
}

let cached: Promise<BuildSiteInfo> | null = null;
onNextBuild(() => {
  cached = null;
});

export function getSiteInfo(): Promise<BuildSiteInfo> {
  cached ??= fetchApi<{ data: BuildSiteInfo }>('site/info').then((body) => body.data);
  return cached;
}
