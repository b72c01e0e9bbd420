/**
 * Many rows in one statement: each column of values goes to the database as
 * one array parameter, unnested there (`select * from unnest($1::text[],
 * $2::float8[])`), so a statement is not bounded by its number of parameters
 * and the drivers do no work per value. PostgreSQL's text form of an array is
 * what both drivers (PGlite and postgres.js) take as one parameter.
 */
import { sql, type SQL } from 'drizzle-orm';

function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return `"${String(value).replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  });
  return `{${items.join(',')}}`;
}

/** One column of `rows` as an array parameter of a PostgreSQL type ('text', 'float8', 'date'...). */
export const arrayColumn = <T>(rows: readonly T[], pick: (row: T) => unknown, type: string): SQL =>
  sql`${arrayLiteral(rows.map(pick))}::${sql.raw(type)}[]`;
