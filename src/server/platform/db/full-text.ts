/**
 * Full-text search, the same on PGlite and PostgreSQL: a stored `tsvector`
 * column kept by the database from a row's text (English stemming, HTML tags
 * skipped) with a GIN index, and a query that matches any of the meaningful
 * words of a question, ranked by how many it contains and how close together.
 */
import { sql, type SQL } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/** A `tsvector` column; declare it `generatedAlwaysAs` a `searchVector(...)` of the row's text. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The weighted document of a row: `A` parts rank above `B`, `B` above `C`. */
export function searchVector(parts: { text: SQL; weight: 'A' | 'B' | 'C' }[]): SQL {
  return sql.join(
    parts.map(
      (p) => sql`setweight(to_tsvector('english'::regconfig, coalesce(${p.text}, '')), ${sql.raw(`'${p.weight}'`)})`,
    ),
    sql` || `,
  );
}

/** Words beyond these are left out of a search. */
const MAX_TERMS = 12;

/**
 * The text-search query of a question: any of its words (letters and digits
 * only, so nothing the reader types is read as query syntax), or null when
 * it has none. The database drops the stop words ('the', 'what').
 */
export function anyWordQuery(question: string): string | null {
  const words = [...new Set(question.toLowerCase().match(/[a-z0-9]+/g) ?? [])].filter((w) => w.length > 1);
  return words.length ? words.slice(0, MAX_TERMS).join(' | ') : null;
}

/** Whether `column` matches the query, and its rank (cover density, normalised by length). */
export function fullTextMatch(column: SQL | { getSQL(): SQL }, query: string): { matches: SQL; rank: SQL<number> } {
  const tsquery = sql`to_tsquery('english'::regconfig, ${query})`;
  return {
    matches: sql`${column} @@ ${tsquery}`,
    rank: sql<number>`ts_rank_cd(${column}, ${tsquery}, 1)`,
  };
}
