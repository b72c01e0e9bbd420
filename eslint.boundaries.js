// @ts-check
/**
 * The architecture's import rules, as one ESLint rule (`boundaries/imports`).
 * Every file of src/ belongs to a zone by its path:
 *
 *   site      src/pages, layouts, components, islands, stores, styles, content.config.ts
 *   lib       src/lib: pure code shared by site and server (runs in Node and the browser)
 *   build     src/build: Node-only code the site build runs (loaders, API fetch, sanitizer)
 *   platform  src/server/platform: what every feature uses (database, HTTP plumbing, outbox, jobs)
 *   feature   src/server/features/<name>: one domain (routes, services, tables, helpers)
 *   demo      src/server/demo: the demo data generator
 *   root      src/server/*.ts and src/server/start: the composition (app, jobs, main and its start steps, the
 *             schema that gathers every table)
 *
 * and imports may only go where the rules below allow. A feature's HTTP
 * files are `routes.ts`, `*-routes.ts`, `middleware.ts` and `api-schemas.ts`
 * (how the API documents its records); its public entry is `index.ts`, which
 * offers functions and read models but never the feature's tables.
 */
import path from 'node:path';

const ROOT = import.meta.dirname;

/** @typedef {{ zone: 'site' | 'lib' | 'build' | 'platform' | 'feature' | 'demo' | 'root' | 'outside', feature?: string, file?: string }} Place */

/** @param {string} file absolute path @returns {Place} */
export function placeOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  const feature = /^src\/server\/features\/([^/]+)\/(.+)$/.exec(rel);
  if (feature) return { zone: 'feature', feature: feature[1], file: feature[2] };
  if (rel.startsWith('src/server/platform/'))
    return { zone: 'platform', file: rel.slice('src/server/platform/'.length) };
  if (rel.startsWith('src/server/demo/')) return { zone: 'demo' };
  if (rel.startsWith('src/server/')) return { zone: 'root', file: rel.slice('src/server/'.length) };
  if (rel.startsWith('src/lib/')) return { zone: 'lib' };
  if (rel.startsWith('src/build/')) return { zone: 'build' };
  if (rel.startsWith('src/')) return { zone: 'site' };
  return { zone: 'outside' };
}

/** @param {Place} place */
const isHttpFile = (place) =>
  (place.zone === 'feature' && /(^|\/)(routes|[\w-]+-routes|middleware|api-schemas)\.ts$/.test(place.file ?? '')) ||
  (place.zone === 'platform' && (place.file ?? '').startsWith('http/'));
/** @param {Place} place */
const isPublicEntry = (place) => place.zone === 'feature' && place.file === 'index.ts';
/** @param {Place} place */
const isTables = (place) => place.zone === 'feature' && place.file === 'tables.ts';
/** @param {Place} place */
const isDatabaseModule = (place) =>
  (place.zone === 'platform' && (place.file ?? '').startsWith('db/')) ||
  (place.zone === 'feature' && /(^|\/)tables\.ts$/.test(place.file ?? '')) ||
  (place.zone === 'root' && place.file === 'schema.ts');

const HTTP_PACKAGES = /^(hono|hono\/.*|@hono\/.*)$/;
const DATABASE_PACKAGES = /^drizzle-orm(\/.*)?$/;

/**
 * Why an import from `from` to `to` is refused, or null when it is allowed.
 * A type-only import of the database module (a `Db` parameter) is not a query.
 * @param {Place} from @param {Place} to @param {boolean} [typeOnly]
 */
export function refusal(from, to, typeOnly = false) {
  switch (from.zone) {
    case 'site':
      if (['platform', 'feature', 'demo', 'root'].includes(to.zone))
        return 'The site never imports the server: shared code goes to src/lib (pure) or src/build (Node-only).';
      return null;
    case 'lib':
      if (to.zone !== 'lib' && to.zone !== 'outside') return 'src/lib is pure shared code: it imports only src/lib.';
      return null;
    case 'build':
      if (to.zone !== 'lib' && to.zone !== 'build') return 'src/build imports only src/lib and src/build.';
      return null;
    case 'platform':
      if (['feature', 'demo', 'root', 'site'].includes(to.zone))
        return 'The platform knows no feature: features use the platform, never the other way round.';
      if (!isHttpFile(from) && isHttpFile(to))
        return 'Only the platform’s HTTP layer (platform/http) knows HTTP; the rest of the platform serves services too.';
      return null;
    case 'feature':
      if (['demo', 'root', 'site'].includes(to.zone))
        return 'A feature depends only on the platform, src/lib, src/build and other features’ public entries.';
      // A table names another feature's table for its foreign key: the schema is the one thing read without the
      // features' code (migrations are generated from it), so tables reach each other's tables directly.
      if (
        to.zone === 'feature' &&
        to.feature !== from.feature &&
        !isPublicEntry(to) &&
        !(isTables(from) && isTables(to))
      )
        return `Features use each other through their public entry: import from '../${to.feature}/index.ts'.`;
      // A feature's tables are its own: its public entry offers functions (lookups, every write) and read models
      // (read-models.ts, read-only relations for other features' lists and joins), never the tables themselves.
      if (
        isPublicEntry(from) &&
        to.zone === 'feature' &&
        to.feature === from.feature &&
        to.file === 'tables.ts' &&
        !typeOnly
      )
        return 'A feature’s tables stay inside it: other features read its data through its functions and read models (read-models.ts), and write it through its functions.';
      if (isHttpFile(from) && isDatabaseModule(to) && !typeOnly)
        return 'Routes never touch the database: call a service of the feature.';
      if (!isHttpFile(from) && !isPublicEntry(from) && isHttpFile(to))
        return 'Services know nothing of HTTP: throw a domain error (platform/errors.ts) and let the routes answer.';
      return null;
    case 'demo':
      if (to.zone === 'site') return 'The demo generator does not import the site.';
      if (to.zone === 'feature' && !isPublicEntry(to))
        return `The demo generator uses features through their public entry: '../features/${to.feature}/index.ts'.`;
      if (to.zone === 'root' && to.file !== 'schema.ts') return 'The demo generator does not import the composition.';
      return null;
    case 'root':
      if (to.zone === 'site') return 'The server does not import the site.';
      if (to.zone === 'feature' && !isPublicEntry(to) && !isHttpFile(to) && !/(^|\/)tables\.ts$/.test(to.file ?? ''))
        return 'The composition mounts route groups and uses public entries; a feature’s internals stay inside it.';
      return null;
    default:
      return null;
  }
}

/**
 * Why importing a package is refused, or null.
 * @param {Place} from @param {string} name @param {boolean} [typeOnly]
 */
export function packageRefusal(from, name, typeOnly = false) {
  if (from.zone === 'feature' && isHttpFile(from) && DATABASE_PACKAGES.test(name) && !typeOnly)
    return 'Routes never touch the database: call a service of the feature.';
  if (
    ((from.zone === 'feature' && !isHttpFile(from) && !isPublicEntry(from)) ||
      (from.zone === 'platform' && !isHttpFile(from))) &&
    HTTP_PACKAGES.test(name)
  )
    return 'Services know nothing of HTTP: throw a domain error (platform/errors.ts) and let the routes answer.';
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps imports inside the architecture’s boundaries (see eslint.boundaries.js)' },
    schema: [],
  },
  create(context) {
    const from = placeOf(context.filename);
    if (from.zone === 'outside') return {};
    /** @param {import('estree').Node} node @param {unknown} value @param {boolean} [typeOnly] */
    const check = (node, value, typeOnly = false) => {
      if (typeof value !== 'string') return;
      const message = value.startsWith('.')
        ? refusal(from, placeOf(path.resolve(path.dirname(context.filename), value)), typeOnly)
        : packageRefusal(from, value, typeOnly);
      if (message) context.report({ node, message: `${message} (${value})` });
    };
    /** @param {unknown} node */
    const isTypeOnly = (node) =>
      /** @type {{ importKind?: string, exportKind?: string }} */ (node).importKind === 'type';
    /** @param {unknown} node */
    const isExportTypeOnly = (node) => /** @type {{ exportKind?: string }} */ (node).exportKind === 'type';
    return {
      ImportDeclaration: (node) => check(node, node.source.value, isTypeOnly(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, isExportTypeOnly(node)),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { imports: importsRule } };
