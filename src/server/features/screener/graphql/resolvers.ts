/** What the screener's GraphQL queries answer: a page of the screen, or one company's row, with the user's hearts. */
import { GraphQLError } from 'graphql';
import { FilterError, SORT_FIELDS, isSortField, type ScreenerRow } from '../../../../lib/screener.ts';
import type { Db } from '../../../platform/db/client.ts';
import type { InsiderRecordData } from '../../../../lib/content-records.ts';
import { createBatcher, type Batcher } from '../../../platform/batch.ts';
import { descriptionsOf, favoriteSymbols, insiderRecordsOf } from '../../companies/index.ts';
import { runScreen } from '../query.ts';
import type { SnapshotStore } from '../snapshot.ts';

export interface GraphqlContext extends Record<PropertyKey, unknown> {
  db: Db;
  /** The signed-in user, whose favorites get hearts. */
  userId: number | undefined;
  snapshots: SnapshotStore;
  /** Company-page fields of a page of rows, each read in one query. */
  descriptions: Batcher<string, string | null>;
  insiderRecords: Batcher<string, InsiderRecordData[]>;
}

/** A request's context: its database, user and snapshot store, and its batchers. */
export function graphqlContext(db: Db, userId: number | undefined, snapshots: SnapshotStore): GraphqlContext {
  return {
    db,
    userId,
    snapshots,
    descriptions: createBatcher((symbols) => descriptionsOf(db, symbols), null),
    insiderRecords: createBatcher((symbols) => insiderRecordsOf(db, symbols), []),
  };
}

function withFavorite(row: ScreenerRow, favorites: Set<string>) {
  return { ...row, isFavorite: favorites.has(row.symbol) };
}

export const resolvers = {
  async filteredCompanies(
    args: {
      data: { page: number; pageSize: number };
      filters?: Record<string, string>;
      sortField?: string;
      sortDirection?: 'asc' | 'desc';
    },
    ctx: GraphqlContext,
  ) {
    const sortField = args.sortField ?? 'symbol';
    if (!isSortField(sortField)) {
      throw new GraphQLError(`Unknown sortField "${sortField.slice(0, 60)}". Use one of: ${SORT_FIELDS.join(', ')}`, {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    const snapshot = await ctx.snapshots.get();
    try {
      const result = runScreen(snapshot, {
        page: args.data.page,
        pageSize: args.data.pageSize,
        filters: args.filters ?? {},
        sortField,
        sortDirection: args.sortDirection ?? 'asc',
      });
      const favorites = ctx.userId ? await favoriteSymbols(ctx.db, ctx.userId) : new Set<string>();
      return { ...result, companies: result.companies.map((r) => withFavorite(r, favorites)) };
    } catch (error) {
      if (error instanceof FilterError)
        throw new GraphQLError(error.message, { extensions: { code: 'BAD_USER_INPUT' } });
      throw error;
    }
  },
  async company(args: { symbol: string }, ctx: GraphqlContext) {
    const snapshot = await ctx.snapshots.get();
    const row = snapshot.bySymbol.get(args.symbol.trim().toUpperCase());
    if (!row) return null;
    const favorites = ctx.userId ? await favoriteSymbols(ctx.db, ctx.userId) : new Set<string>();
    return withFavorite(row, favorites);
  },
};
