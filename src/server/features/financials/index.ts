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
export { financialsRecordOf } from './record.ts';
export { companyFinancialsView } from './read-models.ts';
export { factsDigests, financialsBySymbol, financialsOf, keyFigureColumns, storeFinancials } from './store.ts';
export {
  MAX_FACTS_DOCUMENT_BYTES,
  importCompanyFacts,
  storeFactsDocument,
  universeByCik,
  type FactsImportOptions,
  type FactsOutcome,
} from './facts-import.ts';
export { financialsRoutes } from './routes.ts';
