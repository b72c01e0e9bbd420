/** Facts the site shows about its data: above all, whether it is demo data. */
import { count } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { readMeta } from '../../platform/meta.ts';
import { companies } from '../companies/index.ts';

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
}

/** Which demo seed filled the database, or null for real data. */
export const readDemoSeed = (db: Db): Promise<DemoSeedInfo | null> => readMeta<DemoSeedInfo>(db, DEMO_META_KEY);

export async function siteInfo(db: Db): Promise<SiteInfo> {
  const demoSeed = await readDemoSeed(db);
  const [row] = await db.select({ n: count() }).from(companies);
  return { demo: demoSeed !== null, demoSeed, companies: Number(row?.n ?? 0) };
}
