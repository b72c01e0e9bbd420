/**
 * What the SEC says of the listed companies (imports/sec.ts): the Central Index Key its ticker list
 * links each one to, and the sector and industry of the SIC code its submissions give.
 */
import { sql } from 'drizzle-orm';
import { arrayColumn } from '../../platform/db/arrays.ts';
import type { Db } from '../../platform/db/client.ts';
import { companies } from './tables.ts';

/** Links companies to their CIKs, in one statement. */
export async function linkCiks(tx: Db, links: readonly { symbol: string; cik: number }[]): Promise<void> {
  await tx.execute(sql`
    update ${companies} as c set cik = t.cik
    from unnest(${arrayColumn(links, (l) => l.symbol, 'text')}, ${arrayColumn(links, (l) => l.cik, 'int4')})
      as t(symbol, cik)
    where c.symbol = t.symbol`);
}

/** Gives companies (by id) the SEC's SIC code with its sector and industry, in one statement. */
export async function classifyBySic(
  tx: Db,
  rows: readonly { id: number; sic: number; sector: string; industry: string }[],
): Promise<void> {
  await tx.execute(sql`
    update ${companies} as c set sic_code = t.sic, sector_name = t.sector, industry = t.industry
    from unnest(${arrayColumn(rows, (r) => r.id, 'int4')}, ${arrayColumn(rows, (r) => r.sic, 'int2')},
      ${arrayColumn(rows, (r) => r.sector, 'text')}, ${arrayColumn(rows, (r) => r.industry, 'text')})
      as t(id, sic, sector, industry)
    where c.id = t.id`);
}
