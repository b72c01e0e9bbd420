/** What every request handler can reach: configuration, database, logger, the published site. */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { validationHook } from './validation.ts';
import type { SnapshotStore } from '../../features/screener/snapshot.ts';
import type { UserRow } from '../../features/accounts/sessions.ts';
import type { SiteState } from '../../features/site-build/state.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  site: SiteState;
  /** The screener's in-memory snapshot (made by createApp when not given). */
  snapshots?: SnapshotStore;
  /** Called after a request that may have queued a message, so delivery starts at once. */
  onMessageQueued?: () => void;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    db: Db;
    requestId: string;
    snapshots: SnapshotStore;
    /** The signed-in user, when the request carries a valid session. */
    user?: UserRow;
    sessionId?: number;
    authVia?: 'bearer' | 'cookie';
  };
}

/** A route group: an OpenAPI-aware router whose validation failures answer 400. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
