/**
 * A company's institutional holders (docs/product.md §9.2, §18.6), largest first.
 *
 * From Form 13F, each manager is shown with its latest report: for the newest quarter on record,
 * or, while managers are still filing for it (they have 45 days), for the quarter before. Its
 * holding is summed over the company's CUSIPs (shares only: options are not ownership); a manager
 * whose latest report does not hold the company is not a holder. The change is against the same
 * manager's report for the quarter before: a new position when that report did not hold it,
 * unknown when the manager filed no report for it (or none was imported). The demo's holders have
 * no reports and are listed as they are.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { HoldingRecord } from '../../../../lib/content-records.ts';
import { previousQuarterEnd } from '../../../../lib/quarters.ts';
import { arrayColumn } from '../../../platform/db/arrays.ts';
import { rowsOf, type Db } from '../../../platform/db/client.ts';
import { paged, rowCount } from '../../../platform/db/paged.ts';
import { requireCompany } from '../../companies/index.ts';
import { institutionalHoldings } from '../tables.ts';

interface Position {
  id: number;
  managerCik: number;
  period: string;
  name: string;
  shares: number;
  value: number;
  filed: string;
  accession: string;
}

export async function listHoldings(db: Db, symbol: string, page: number, pageSize: number) {
  const c = await requireCompany(db, symbol);
  const [demo] = await db
    .select({ id: institutionalHoldings.id })
    .from(institutionalHoldings)
    .where(sql`${institutionalHoldings.companySymbol} = ${c.symbol} and ${institutionalHoldings.accession} is null`)
    .limit(1);
  if (demo) return demoHoldings(db, c.symbol, page, pageSize);

  const [latest] = rowsOf<{ period: string | null; loading: number[] | null }>(
    await db.execute(sql`
      select (select max(report_period)::text from institutional_filings where in_force) as period,
        (select array_agg(id) from form13f_data_set_runs where status = 'loading') as loading`),
  );
  if (!latest?.period) return { data: [], totalItems: 0 };
  const newest = latest.period;
  const before = previousQuarterEnd(newest);
  const periods = [newest, before, previousQuarterEnd(before)];
  // A company's rows are all of reports in force (those of replaced reports are removed), but
  // for the new reports of a data-set import still loading: no join with the reports is needed,
  // which keeps a company's holders to its own few hundred rows.
  const loading = latest.loading ?? [];
  const positions = rowsOf<Position>(
    await db.execute(sql`
      select min(h.id) as id, h.manager_cik as "managerCik", h.report_period::text as period,
        max(h.institution_name) as name, sum(h.shares_held)::float8 as shares, sum(h.market_value)::float8 as value,
        max(h.filing_date)::text as filed, max(h.accession) as accession
      from institutional_holdings h
      where h.company_symbol = ${c.symbol} and h.put_call is null
        and h.report_period = any(${arrayColumn(periods, (p) => p, 'date')})
        and (h.loading_run is null or h.loading_run <> all(${arrayColumn(loading, (r) => r, 'int4')}))
      group by h.manager_cik, h.report_period`),
  );
  if (!positions.length) return { data: [], totalItems: 0 };
  const held = new Map(positions.map((p) => [`${p.managerCik}|${p.period}`, p]));
  const managers = [...new Set(positions.map((p) => p.managerCik))];
  // Whether a manager filed for a quarter in which it holds none of the company: asked only of
  // the managers that hold it in one quarter and not in the next.
  const asked = managers.filter((m) => !held.has(`${m}|${newest}`) || !held.has(`${m}|${before}`));
  const filed = new Set(
    asked.length
      ? rowsOf<{ managerCik: number; period: string }>(
          await db.execute(sql`
            select distinct manager_cik as "managerCik", report_period::text as period from institutional_filings
            where in_force and manager_cik = any(${arrayColumn(asked, (m) => m, 'int4')})
              and report_period = any(${arrayColumn(periods, (p) => p, 'date')})`),
        ).map((r) => `${r.managerCik}|${r.period}`)
      : [],
  );
  for (const key of held.keys()) filed.add(key);

  const holders: HoldingRecord[] = [];
  for (const manager of managers) {
    const reported = [newest, before].find((period) => filed.has(`${manager}|${period}`));
    const position = reported && held.get(`${manager}|${reported}`);
    if (!reported || !position || position.shares <= 0) continue;
    const prior = previousQuarterEnd(reported);
    const previous = filed.has(`${manager}|${prior}`) ? (held.get(`${manager}|${prior}`)?.shares ?? 0) : null;
    holders.push({
      id: position.id,
      institutionName: position.name,
      sharesHeldPercentage: c.sharesOutstanding ? (position.shares / c.sharesOutstanding) * 100 : 0,
      sharesHeld: position.shares,
      marketValue: position.value,
      filingDate: position.filed,
      managerCik: manager,
      reportPeriod: reported,
      previousShares: previous,
      changeShares: previous === null ? null : position.shares - previous,
      newPosition: previous === 0,
      accession: position.accession,
    });
  }
  holders.sort((a, b) => b.sharesHeld - a.sharesHeld || a.institutionName.localeCompare(b.institutionName));
  return { data: holders.slice((page - 1) * pageSize, page * pageSize), totalItems: holders.length };
}

/** The demo's holders, as generated. */
async function demoHoldings(db: Db, symbol: string, page: number, pageSize: number) {
  const where = eq(institutionalHoldings.companySymbol, symbol);
  const { rows, total } = await paged(
    db
      .select()
      .from(institutionalHoldings)
      .where(where)
      .orderBy(desc(institutionalHoldings.sharesHeld), asc(institutionalHoldings.id)),
    rowCount(db).from(institutionalHoldings).where(where),
    { page, pageSize },
  );
  return {
    data: rows.map((r): HoldingRecord => ({
      id: r.id,
      institutionName: r.institutionName,
      sharesHeldPercentage: r.sharesHeldPercentage,
      sharesHeld: r.sharesHeld,
      marketValue: r.marketValue,
      filingDate: r.filingDate,
      managerCik: null,
      reportPeriod: null,
      previousShares: null,
      changeShares: null,
      newPosition: false,
      accession: null,
    })),
    totalItems: total,
  };
}
