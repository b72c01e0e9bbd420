/**
 * What every request handler can reach: the configuration, the database, the
 * logger and the request's id. Features add their own request variables (the
 * signed-in user) by augmenting Hono's ContextVariableMap next to the
 * middleware that sets them; what a route group needs beyond this (the
 * screener snapshot, the published site) it receives when it is created.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { validationHook } from './validation.ts';

export interface AppEnv {
  Variables: {
    config: Config;
    db: Db;
    logger: Logger;
    requestId: string;
  };
}

/** A route group: an OpenAPI-aware router whose validation failures answer 400. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
