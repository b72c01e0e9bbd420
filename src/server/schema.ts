/**
 * The database schema: every table, gathered from the platform and the
 * features that own them. drizzle-kit generates the migrations in /drizzle
 * from this module (`npm run db:generate`); one dialect serves both the
 * embedded PGlite and PostgreSQL.
 */
export * from './platform/tables.ts';
export * from './features/accounts/tables.ts';
export * from './features/alerts/tables.ts';
export * from './features/audit/tables.ts';
export * from './features/chat/tables.ts';
export * from './features/companies/tables.ts';
export * from './features/edgar/tables.ts';
export * from './features/email/tables.ts';
export * from './features/events/tables.ts';
export * from './features/financials/tables.ts';
export * from './features/ipos/tables.ts';
export * from './features/market/tables.ts';
export * from './features/news/tables.ts';
export * from './features/notifications/tables.ts';
export * from './features/saved-screens/tables.ts';
export * from './features/short-interest/tables.ts';
export * from './features/sources/tables.ts';
export * from './features/trials/tables.ts';
export * from './features/videos/tables.ts';
