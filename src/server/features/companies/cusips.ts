/**
 * The CUSIP map (cusip_symbols): which listed company a security's 13F holdings are of. Staff's
 * entries (`npm run import -- cusip-map FILE.csv`, edgar/form13f/cusip-map.ts) always win; the CUSIPs
 * an import placed by their issuer's name (edgar/form13f/issuers.ts) are kept too, so that a company
 * keeps its CUSIP whatever one filer calls the issuer.
 */
import { sql, type SQL } from 'drizzle-orm';
import { arrayColumn } from '../../platform/db/arrays.ts';
import { rowsOf, type Db } from '../../platform/db/client.ts';

/** One entry of the map: a security's CUSIP and the listed company it is of. */
export interface CusipEntry {
  cusip: string;
  symbol: string;
}

/** What storing staff's entries did, for the import's report. */
export interface StaffCusipMapResult {
  /** Staff's entries these CUSIPs had before: CUSIP → symbol. */
  before: Map<string, string>;
}

/**
 * Staff's entries stored, added or changed (one an import placed by the issuer's name becomes
 * staff's). The holdings already on record under a mapped CUSIP are EDGAR's to move
 * (edgar/form13f/cusip-map.ts).
 */
export async function storeStaffCusipMap(tx: Db, entries: readonly CusipEntry[]): Promise<StaffCusipMapResult> {
  const cusips = arrayColumn(entries, (u) => u.cusip, 'text');
  const symbols = arrayColumn(entries, (u) => u.symbol, 'text');
  // Staff's entries; one an import placed by the issuer's name becomes staff's.
  const before = new Map(
    rowsOf<{ cusip: string; symbol: string }>(
      await tx.execute(sql`select cusip, symbol from cusip_symbols where cusip = any(${cusips}) and source = 'staff'`),
    ).map((r) => [r.cusip, r.symbol]),
  );
  await tx.execute(sql`
    insert into cusip_symbols (cusip, symbol, source)
    select t.*, 'staff' from unnest(${cusips}, ${symbols}) as t(cusip, symbol)
    on conflict (cusip) do update set symbol = excluded.symbol, source = 'staff', updated_at = now()
    where cusip_symbols.symbol <> excluded.symbol or cusip_symbols.source <> 'staff'`);
  return { before };
}

/**
 * Keeps the CUSIPs an import placed by their issuer's name (CUSIP → symbol), so that later filings place
 * them the same whatever they call it; an entry held already (staff's, or placed before) is left as it
 * is. As a statement to run with others (`name as (...)`, see edgar/form13f/store.ts' settleReports),
 * null when there is none.
 */
export function cusipsPlacedByNameStatement(placed: ReadonlyMap<string, string>): SQL | null {
  if (!placed.size) return null;
  const entries = [...placed];
  return sql`placed as (
    insert into cusip_symbols (cusip, symbol, source)
    select t.cusip, t.symbol, 'issuer name'
    from unnest(${arrayColumn(entries, ([c]) => c, 'text')}, ${arrayColumn(entries, ([, s]) => s, 'text')}) as t(cusip, symbol)
    join companies c on c.symbol = t.symbol
    on conflict (cusip) do nothing)`;
}

/** Keeps the CUSIPs placed by their issuer's name (cusipsPlacedByNameStatement), on its own. */
export async function keepCusipsPlacedByName(tx: Db, placed: ReadonlyMap<string, string>): Promise<void> {
  const statement = cusipsPlacedByNameStatement(placed);
  if (statement) await tx.execute(sql`with ${statement} select 1`);
}
