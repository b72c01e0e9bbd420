/**
 * Staff's names for a company's trial sponsors (docs/product.md §9.13): a sponsor the registry writes
 * otherwise than the company's listed name ("Genentech, Inc." for a subsidiary, an old name) is the
 * company's when staff say so.
 */
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../companies/tables.ts';

export const trialSponsorAliases = pgTable(
  'trial_sponsor_aliases',
  {
    companySymbol: text('company_symbol')
      .notNull()
      .references(() => companies.symbol, { onDelete: 'cascade', onUpdate: 'cascade' }),
    alias: text('alias').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companySymbol, t.alias] }), index('trial_sponsor_aliases_alias_idx').on(t.alias)],
);
