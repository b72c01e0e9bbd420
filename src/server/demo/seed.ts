/**
 * Fills an empty database with the demo universe. Idempotent: a database
 * that already holds companies is left alone. A seed interrupted half-way
 * (the process was killed) is detected by its start marker and redone.
 */
import { count, eq, sql } from 'drizzle-orm';
import { transaction, type Database } from '../platform/db/client.ts';
import {
  analystRatings,
  appMeta,
  companies,
  dailyPrices,
  events,
  indexPrices,
  industries,
  ipos,
  marketIndices,
  news,
  secFilings,
  videos,
} from '../schema.ts';
import { sanitizeHtml } from '../../build/sanitize.ts';
import { generateContent } from './content.ts';
import { generateEvents } from './events.ts';
import { INDUSTRIES } from '../../lib/industries.ts';
import { DEMO_META_KEY, type DemoSeedInfo } from '../features/site-build/index.ts';
import { META_CLOSE, META_RESET } from '../features/market/index.ts';
import { generateIpos } from './ipos.ts';
import { seedCompanyPages } from './company-seed.ts';
import { generateUniverse } from './universe.ts';

const STARTED_KEY = 'demo_seed_started';
export const DEMO_COMPANY_COUNT = 4200;

export interface SeedOptions {
  seed: string;
  asOf: string;
  companies?: number;
  onProgress?: (message: string) => void;
}

export type SeedOutcome = { seeded: false; reason: string } | { seeded: true; info: DemoSeedInfo; ms: number };

const INSERT_BATCH = 400;

export async function seedDemoData(database: Database, options: SeedOptions): Promise<SeedOutcome> {
  const { db } = database;
  const progress = options.onProgress ?? (() => {});
  const [started] = await db.select().from(appMeta).where(eq(appMeta.key, STARTED_KEY));
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_META_KEY));
  if (done) {
    // Content added to the generator after this database was seeded arrives now.
    await seedDemoContent(database, done.value as DemoSeedInfo, progress);
    return { seeded: false, reason: 'demo data already present' };
  }
  if (started) {
    progress('An earlier demo seed did not finish; clearing it and starting again.');
    // Everything the seed writes goes, and what refers to it (cascade): the seed starts over.
    await db.execute(
      sql`truncate ${companies}, ${dailyPrices}, ${industries}, ${marketIndices}, ${indexPrices}, ${ipos}, ${news}, ${videos}, ${events} restart identity cascade`,
    );
  } else {
    const [row] = await db.select({ n: count() }).from(companies);
    if (Number(row?.n ?? 0) > 0) return { seeded: false, reason: 'the database already holds companies' };
  }

  const t0 = performance.now();
  const total = options.companies ?? DEMO_COMPANY_COUNT;
  await db
    .insert(appMeta)
    .values({ key: STARTED_KEY, value: { seed: options.seed, at: new Date().toISOString() } })
    .onConflictDoNothing();

  progress(`Demo data: writing the industry lookup (${INDUSTRIES.length} codes)`);
  await db.insert(industries).values(
    INDUSTRIES.map((i) => ({
      sicCode: i.code,
      sector: i.sector,
      subdivision: i.subdivision,
      description: i.description,
    })),
  );

  progress(`Demo data: generating ${total.toLocaleString('en-US')} companies with a year of prices`);
  const universe = generateUniverse({ seed: options.seed, asOf: options.asOf, count: total });

  for (let i = 0; i < universe.companies.length; i += INSERT_BATCH) {
    await db.insert(companies).values(universe.companies.slice(i, i + INSERT_BATCH).map((c) => c.row));
  }
  progress(`Demo data: ${universe.companies.length.toLocaleString('en-US')} companies written`);

  const barCount = universe.companies.reduce((s, c) => s + c.bars.length, 0);
  progress(`Demo data: loading ${barCount.toLocaleString('en-US')} daily prices`);
  let written = 0;
  const tenth = Math.ceil(universe.companies.length / 10);
  for (let i = 0; i < universe.companies.length; i += tenth) {
    const slice = universe.companies.slice(i, i + tenth);
    written += await database.copyRows(
      'daily_prices',
      ['symbol', 'date', 'open', 'high', 'low', 'close', 'volume'],
      (function* () {
        for (const c of slice)
          for (const b of c.bars) yield [c.row.symbol, b.date, b.open, b.high, b.low, b.close, b.volume];
      })(),
    );
    progress(`Demo data: daily prices ${Math.round((written / barCount) * 100)}%`);
  }

  await db
    .insert(marketIndices)
    .values(
      universe.indices.map(({ symbol, name, description, sortOrder }) => ({ symbol, name, description, sortOrder })),
    );
  await database.copyRows(
    'index_prices',
    ['index_symbol', 'date', 'close'],
    universe.indices.flatMap((index) => index.closes.map((p) => [index.symbol, p.date, p.close])),
  );

  const info: DemoSeedInfo = {
    seed: options.seed,
    generatedAt: new Date().toISOString(),
    asOf: options.asOf,
    companies: universe.companies.length,
  };
  await seedDemoContent(database, info, progress);
  // Done, in one step: a start killed before this commit finds the start marker and begins again.
  await transaction(db, async (tx) => {
    await tx.insert(appMeta).values({ key: DEMO_META_KEY, value: info });
    // The seeded day is a finished session: the market-data job starts from the next one.
    await tx
      .insert(appMeta)
      .values([
        { key: META_RESET, value: options.asOf },
        { key: META_CLOSE, value: options.asOf },
      ])
      .onConflictDoNothing();
    await tx.delete(appMeta).where(eq(appMeta.key, STARTED_KEY));
  });
  const ms = Math.round(performance.now() - t0);
  progress(`Demo data: done in ${(ms / 1000).toFixed(1)} s`);
  return { seeded: true, info, ms };
}

/**
 * Demo content beyond the universe, one idempotent step per kind: each fills
 * its table when it is empty, so databases seeded by an older generator gain
 * what was added since.
 */
async function seedDemoContent(database: Database, info: DemoSeedInfo, progress: (m: string) => void): Promise<void> {
  const { db } = database;
  // The company pages first: the news reports their analysts' ratings.
  await seedCompanyPages(database, info, progress);
  const [newsCount] = await db.select({ n: count() }).from(news);
  if (Number(newsCount?.n ?? 0) === 0) await seedNewsAndVideos(database, info, progress);
  const [ipoCount] = await db.select({ n: count() }).from(ipos);
  if (Number(ipoCount?.n ?? 0) === 0) {
    const taken = new Set((await db.select({ symbol: companies.symbol }).from(companies)).map((r) => r.symbol));
    const rows = generateIpos(info.seed, info.asOf, taken);
    await db.insert(ipos).values(rows);
    progress(`Demo data: ${rows.length} IPO calendar entries`);
  }
  const [eventCount] = await db.select({ n: count() }).from(events);
  if (Number(eventCount?.n ?? 0) === 0) {
    const clientRows = await db
      .select({ symbol: companies.symbol, name: companies.name })
      .from(companies)
      .where(eq(companies.isClient, true))
      .orderBy(companies.symbol);
    const rows = generateEvents(info.seed, info.asOf, clientRows);
    // One statement: a start interrupted here finds the table empty and writes it again.
    if (rows.length) await db.insert(events).values(rows);
    progress(`Demo data: ${rows.length} webinars`);
  }
}

/** News, newsletters and videos, stored as sanitized as staff edits are. */
async function seedNewsAndVideos(database: Database, info: DemoSeedInfo, progress: (m: string) => void): Promise<void> {
  const { db } = database;
  const listed = await db
    .select({
      symbol: companies.symbol,
      name: companies.name,
      sectorName: companies.sectorName,
      sicCode: companies.sicCode,
      isClient: companies.isClient,
      lastSale: companies.lastSale,
    })
    .from(companies)
    .orderBy(companies.symbol);
  const ratings = await db
    .select({
      companySymbol: analystRatings.companySymbol,
      analystName: analystRatings.analystName,
      firmName: analystRatings.firmName,
      recommendation: analystRatings.recommendation,
      recommendationDate: analystRatings.recommendationDate,
      priceTarget: analystRatings.priceTarget,
    })
    .from(analystRatings)
    .orderBy(analystRatings.id);
  // The 8-Ks the company pages list: a few carry a company release.
  const eightKs = await db
    .select({
      accessionKey: secFilings.accessionKey,
      companySymbol: secFilings.companySymbol,
      filingType: secFilings.filingType,
      rawTextLink: secFilings.rawTextLink,
      dateAsOfChange: secFilings.dateAsOfChange,
    })
    .from(secFilings)
    .where(eq(secFilings.filingType, '8-K'))
    .orderBy(secFilings.accessionKey);
  const content = generateContent(info.seed, info.asOf, listed, ratings, eightKs);
  progress(`Demo data: writing ${content.news.length.toLocaleString('en-US')} news articles and newsletters`);
  const CHUNK = 500;
  // All or nothing: an interrupted start finds the news table empty and writes it again.
  await transaction(db, async (tx) => {
    for (let i = 0; i < content.news.length; i += CHUNK) {
      const rows = content.news
        .slice(i, i + CHUNK)
        // The others are written as the sanitizer would write them (see content.ts).
        .map((row) => (content.hostile.has(row) ? { ...row, description: sanitizeHtml(row.description ?? '') } : row));
      await tx.insert(news).values(rows);
    }
    // A newsletter's web version is its article page.
    await tx
      .update(news)
      .set({ newsletterUrl: sql`'/news/' || ${news.id}` })
      .where(eq(news.rcNewsletter, true));
    await tx.insert(videos).values(content.videos);
  });
  progress(`Demo data: ${content.videos.length} videos`);
}
