/**
 * One page of a list with the size of the whole list: what every paged
 * screen and endpoint answers. The page and the count run together, and the
 * count is written with the same conditions as the list, so `total` counts
 * exactly the rows the pages hold.
 */
import { count } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Which page of a list, counted from 1, and how many rows a page holds. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<Row> {
  rows: Row[];
  total: number;
}

/** A list query, filtered and ordered, waiting for its window. */
export interface Pageable<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

/** The rows of one page of `list` and the number of rows `counted` finds. */
export async function paged<Row>(
  list: Pageable<Row>,
  counted: PromiseLike<{ n: number }[]>,
  { page, pageSize }: PageRequest,
): Promise<Page<Row>> {
  const [rows, [total]] = await Promise.all([list.limit(pageSize).offset((page - 1) * pageSize), counted]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The count a paged list goes with: `rowCount(db).from(table).where(where)`. */
export const rowCount = (db: Db) => db.select({ n: count() });
