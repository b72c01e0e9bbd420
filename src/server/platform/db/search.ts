/** Searching text columns with the words typed in a search box. */
import { ilike, or, type Column, type SQL } from 'drizzle-orm';

/** Words of a search beyond these are ignored. */
const MAX_WORDS = 8;

/**
 * One condition per word of `text`: the word appears, in any case, in one of
 * the columns. `%`, `_` and `\` are searched for as themselves.
 */
export function everyWordIn(text: string, columns: Column[]): SQL[] {
  return searchWords(text).map((word) => {
    const pattern = `%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    return or(...columns.map((column) => ilike(column, pattern)))!;
  });
}

/** The words of a search, as everyWordIn uses them (for lists searched in memory). */
export function searchWords(text: string): string[] {
  return text.trim().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
}
