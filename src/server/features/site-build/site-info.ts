/** Facts the site shows about its data: above all, whether it is demo data. */
import { count } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { readMeta } from '../../platform/meta.ts';
import { companiesView } from '../companies/index.ts';

export const DEMO_META_KEY = 'demo_seed';

export interface DemoSeedInfo {
  seed: string;
  generatedAt: string;
  asOf: string;
  companies: number;
}

export interface SiteInfo {
  demo: boolean;
  demoSeed: DemoSeedInfo | null;
  companies: number;
  /**
   * Where the chat frame lives and which page may embed it. Both null: the
   * frame is this site's own page and each side checks its own origin.
   */
  chat: { frameOrigin: string | null; hostOrigin: string | null };
}

/** The chat frame's origin when it is not the site's own, and the site origin it then answers to. */
export const chatOrigins = (frameOrigin: string | null, siteUrl: string): SiteInfo['chat'] =>
  frameOrigin ? { frameOrigin, hostOrigin: new URL(siteUrl).origin } : { frameOrigin: null, hostOrigin: null };

/** Which demo seed filled the database, or null for real data. */
export const readDemoSeed = (db: Db): Promise<DemoSeedInfo | null> => readMeta<DemoSeedInfo>(db, DEMO_META_KEY);

export async function siteInfo(db: Db, chat: SiteInfo['chat']): Promise<SiteInfo> {
  const demoSeed = await readDemoSeed(db);
  const [row] = await db.select({ n: count() }).from(companiesView);
  return { demo: demoSeed !== null, demoSeed, companies: Number(row?.n ?? 0), chat };
}
