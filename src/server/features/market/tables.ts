import { date, doublePrecision, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
/** The small-cap benchmark indices and their daily closes. */

/** The small-cap benchmark indices shown on the home page. */
export const marketIndices = pgTable('market_indices', {
  symbol: text('symbol').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  sortOrder: smallint('sort_order').notNull(),
});

export const indexPrices = pgTable(
  'index_prices',
  {
    indexSymbol: text('index_symbol').notNull(),
    date: date('date').notNull(),
    close: doublePrecision('close').notNull(),
  },
  (t) => [primaryKey({ columns: [t.indexSymbol, t.date] })],
);
