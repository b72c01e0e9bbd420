/** Build-time site facts, fetched once per build and shared by every page. */
import { fetchApi } from './api.ts';

export interface BuildSiteInfo {
  demo: boolean;
  demoSeed: { asOf: string } | null;
  companies: number;
}

let cached: Promise<BuildSiteInfo> | null = null;

export function getSiteInfo(): Promise<BuildSiteInfo> {
  cached ??= fetchApi<{ data: BuildSiteInfo }>('site/info').then((body) => body.data);
  return cached;
}
