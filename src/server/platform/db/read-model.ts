/**
 * A read model: another feature's read-only window on a feature's table. A feature's tables are its own; the features
 * that only read its rows in their lists and joins get a read model from its public entry, and everything else
 * (lookups, every write) through its functions. The read model is a subquery of every column under the table's own
 * name, so joins, filters and raw SQL read as they would on the table, PostgreSQL plans it as the table (a plain
 * subquery is pulled up into the query), and no insert, update or delete accepts it.
 */
import { getTableName } from 'drizzle-orm';
import { QueryBuilder, type PgTable, type SubqueryWithSelection } from 'drizzle-orm/pg-core';

/** A read model's columns are the table's, typed as the table's, with nothing to write through. */
export type ReadModel<Table extends PgTable> = SubqueryWithSelection<Table['_']['columns'], Table['_']['name']>;

const builder = new QueryBuilder();

/** The read-only relation over `table`, named as the table. */
export function readModel<Table extends PgTable>(table: Table): ReadModel<Table> {
  return builder
    .select()
    .from(table as PgTable)
    .as(getTableName(table)) as unknown as ReadModel<Table>;
}
