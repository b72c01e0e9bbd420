/** The audit log: every staff write, who made it, when, and the fields before and after. */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, AUDIT_KINDS } from '../../../lib/console.ts';

export const auditEntries = pgTable(
  'audit_entries',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Kept without a foreign key: the entry outlives the account that made it. */
    actorId: integer('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    kind: text('kind', { enum: AUDIT_KINDS }).notNull(),
    /** The record's id or symbol. */
    entityKey: text('entity_key').notNull(),
    /** For an update, only the fields that changed; for a create or delete, the whole record. */
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_entries_entity_idx').on(t.kind, t.entityKey, t.at), index('audit_entries_at_idx').on(t.at)],
);
