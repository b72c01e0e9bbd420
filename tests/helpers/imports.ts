/**
 * What tests of the imports share: a universe import's options as the command's defaults give them, a
 * company as an import writes it, and a digest of the database.
 */
import { sql } from 'drizzle-orm';
import { SMALL_CAP_WINDOW, type UniverseOptions } from '../../src/server/features/imports/index.ts';
import { rowsOf, type Db } from '../../src/server/platform/db/client.ts';
import type { companies } from '../../src/server/schema.ts';

export const universeOptions = (extra: Partial<UniverseOptions> = {}): UniverseOptions => ({
  minCap: SMALL_CAP_WINDOW.min,
  maxCap: SMALL_CAP_WINDOW.max,
  kinds: new Set(['common']),
  market: 'NASDAQ',
  asOf: '2021-03-29',
  dryRun: false,
  replaceDemo: false,
  ...extra,
});

/** A company of an imported universe (not the demo's), its sector and market any: tests name what matters to them. */
export const importedCompany = (
  company: Pick<typeof companies.$inferInsert, 'symbol' | 'name'> & Partial<typeof companies.$inferInsert>,
): typeof companies.$inferInsert => ({
  sicCode: 2834,
  sectorName: 'Life Sciences',
  industry: 'Pharmaceutical Preparations',
  market: 'NASDAQ',
  country: 'United States',
  dataSource: 'nasdaq-screener',
  ...company,
});

/** Every table of the database with its row count and a digest of all its rows: equal digests, equal rows. */
export async function tableDigests(db: Db): Promise<Record<string, string>> {
  const tables = rowsOf<{ tablename: string }>(
    await db.execute(sql`select tablename from pg_tables where schemaname = current_schema() order by tablename`),
  );
  const digests: Record<string, string> = {};
  for (const { tablename } of tables) {
    const [row] = rowsOf<{ rows: number; digest: string }>(
      await db.execute(
        sql`select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
            from ${sql.identifier(tablename)} as t`,
      ),
    );
    digests[tablename] = `${row!.rows} rows, ${row!.digest}`;
  }
  return digests;
}
