/**
 * Listed companies: what other features may use. The read models of the
 * company records others list and join, the one lookup by symbol (and its
 * not-found sentence), the records other pages show, the build feed's company
 * records, favorite companies, and the writes of the records other features
 * bring in (EDGAR's filings, insider trades, officers and profiles, the market
 * data's quotes, the imports' universe and prices, the trials' phases, the
 * analysts' consensus).
 */
export {
  companiesView,
  favoriteCompaniesView,
  insiderTransactionsView,
  secFilingsView,
  companyProfilesView,
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
export { addSecFilings, listFilings, searchFilingText, type AddedSecFiling, type SecFilingRow } from './filings.ts';
export { analystCoverage, listAnalystRatings, listBioPhases, refreshAnalystSummaries } from './research.ts';
export { landingPageIfAny, teamOf, type LandingPage } from './client-material.ts';
export { noteFiledOfficers, officersOfCompany, type FiledOfficer, type FormerOfficer } from './officers.ts';
export {
  addInsiderTransactions,
  amendedInsiderFilings,
  removeAmendedInsiderRows,
  removeInsiderFilings,
  type InsiderAmendment,
  type InsiderTransactionRow,
} from './insiders.ts';
export { storeAnnualReportProfile, type AnnualReportProfile } from './profiles.ts';
export {
  cusipsPlacedByNameStatement,
  keepCusipsPlacedByName,
  storeStaffCusipMap,
  type CusipEntry,
  type StaffCusipMapResult,
} from './cusips.ts';
export { companyPageRecords, type CompanyPageRecord } from './build-feed.ts';
export { favoriteSymbols, followCompany } from './favorites.ts';
export { LEGAL_FORM_WORDS, nameWords } from './company-names.ts';
export { importAnalystRatings } from './analyst-import.ts';
export { recordSessionBars, resetQuoteDay, writeQuotes, type QuoteUpdate } from './quotes.ts';
export { writeDailyBars, writePriceSnapshots, type DailyBar, type PriceSnapshot } from './price-import.ts';
export { classifyBySic, linkCiks } from './sec-identity.ts';
export {
  UNIVERSE_COLUMNS,
  deactivateCompanies,
  upsertUniverseCompanies,
  type UniverseColumn,
  type UniverseCompany,
} from './universe.ts';
export { recordDemoCompaniesDeleted, removeDemoCompanies } from './demo-retirement.ts';
export { writeTrialPhases, type TrialPhase, type TrialPhasesWritten } from './trial-phases.ts';
export {
  heldAnalystConsensus,
  storeAnalystConsensus,
  type ConsensusRowFigures,
  type HeldConsensus,
} from './analyst-consensus.ts';
