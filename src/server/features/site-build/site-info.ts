/** Facts the site shows about its data: above all, whether it is demo data. */
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { appMeta, companies } from '../../schema.ts';

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

export async function readDemoSeed(db: Db): Promise<DemoSeedInfo | null> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_META_KEY));
  return row ? (row.value as DemoSeedInfo) : null;
}

export async function siteInfo(db: Db): Promise<SiteInfo> {
  const demoSeed = await readDemoSeed(db);
  const [row] = await db.select({ n: count() }).from(companies);
  return { demo: demoSeed !== null, demoSeed, companies: Number(row?.n ?? 0) };
}
