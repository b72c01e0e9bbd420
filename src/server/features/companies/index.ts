/**
 * Listed companies: what other features may use. The tables, the one lookup
 * by symbol (and its not-found sentence), the records other pages show, the
 * build feed's company records, and favorite companies.
 */
export {
  companiesView,
  favoriteCompaniesView,
  insiderTransactionsView,
  secFilingsView,
  companyProfilesView,
  companyOfficersView,
  cusipSymbolsView,
  industriesView,
  dailyPricesView,
  analystConsensusView,
  analystRatingsView,
  bioPhasesView,
} from './read-models.ts';
export {
  companyDescription,
  companyProfile,
  descriptionsOf,
  insiderRecordsOf,
  normalizeSymbol,
  requireCompany,
  unknownCompany,
  type CompanyRow,
} from './records.ts';
export { priceHistory, recentCloses } from './history.ts';
export { listFilings, searchFilingText } from './filings.ts';
export { listHoldings } from './holdings.ts';
export { analystCoverage, listAnalystRatings, listBioPhases, refreshAnalystSummaries } from './research.ts';
export { landingPageIfAny, teamOf, type LandingPage } from './client-material.ts';
export { officersOfCompany } from './officers.ts';
export { companyPageRecords, type CompanyPageRecord } from './build-feed.ts';
export { favoriteSymbols } from './favorites.ts';
export { LEGAL_FORM_WORDS, nameWords } from './company-names.ts';
export { importAnalystRatings } from './analyst-import.ts';
