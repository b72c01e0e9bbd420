/**
 * What other features read of this feature's tables in their own lists and joins: read-only (platform/db/read-model.ts).
 */
import { readModel } from '../../platform/db/read-model.ts';
import {
  companies,
  favoriteCompanies,
  insiderTransactions,
  secFilings,
  companyProfiles,
  cusipSymbols,
  industries,
  dailyPrices,
  analystConsensus,
  analystRatings,
  bioPhases,
} from './tables.ts';

export const companiesView = readModel(companies);
export const favoriteCompaniesView = readModel(favoriteCompanies);
export const insiderTransactionsView = readModel(insiderTransactions);
export const secFilingsView = readModel(secFilings);
export const companyProfilesView = readModel(companyProfiles);
export const cusipSymbolsView = readModel(cusipSymbols);
export const industriesView = readModel(industries);
export const dailyPricesView = readModel(dailyPrices);
export const analystConsensusView = readModel(analystConsensus);
export const analystRatingsView = readModel(analystRatings);
export const bioPhasesView = readModel(bioPhases);
