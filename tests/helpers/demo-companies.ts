/**
 * A generated demo universe's companies as the company-page and content generators take them, the way
 * the seed reads them back from the database (src/server/demo/company-seed.ts).
 */
import type { DemoCompanySource } from '../../src/server/demo/company-data.ts';
import type { generateUniverse } from '../../src/server/demo/universe.ts';

export const demoCompanySources = (
  universe: ReturnType<typeof generateUniverse>,
): (DemoCompanySource & { sicCode: number })[] =>
  universe.companies.map(({ row }) => ({
    symbol: row.symbol,
    name: row.name,
    sectorName: row.sectorName!,
    sicCode: row.sicCode,
    industry: row.industry!,
    country: row.country!,
    ipoYear: row.ipoYear ?? null,
    isClient: row.isClient ?? false,
    lastSale: row.lastSale ?? null,
    sharesOutstanding: row.sharesOutstanding ?? null,
    marketCap: row.marketCap ?? null,
    bioPhasePipelines: row.bioPhasePipelines ?? null,
    insiderTransactions: row.insiderTransactions ?? null,
    institutionalOwnership: row.institutionalOwnership ?? null,
  }));
