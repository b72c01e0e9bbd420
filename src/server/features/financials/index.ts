/** Financial statements: company-facts documents from the SEC's XBRL API read into standard statements. */
export { CompanyFactsError, readCompanyFacts, type CompanyFacts, type Fact } from './company-facts.ts';
export {
  buildStatements,
  type Figure,
  type StatementLines,
  type StatementPeriod,
  type Statements,
} from './statements.ts';
export { STATEMENT_SOURCES, conceptsRead, type StatementTaxonomy } from './statement-lines.ts';
export { cashRunwayOf, dilutionOf, shareCountSeries, trailingOperatingCashFlow } from './key-figures.ts';
