/**
 * The import boundaries are enforced by the project's lint configuration
 * (`npm run check`): each case plants a file that crosses one and expects
 * the lint to refuse it, and the same import through the allowed door to pass.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The boundary messages the lint gives for `code` planted at `file` (relative to the project). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/imports').map((m) => m.message);
}

describe('the lint keeps the site away from the server', () => {
  it('refuses a page that imports server code, even a type', async () => {
    const page = `---\nimport { sanitizeHtml } from '../server/platform/db/client.ts';\n---\n<p>{String(sanitizeHtml)}</p>\n`;
    expect(await boundaryErrors('src/pages/planted.astro', page)).toEqual([
      expect.stringContaining('The site never imports the server'),
    ]);
    const island = `import type { Db } from '../../server/platform/db/client.ts';\nexport type Planted = Db;\n`;
    expect(await boundaryErrors('src/islands/content/Planted.tsx', island)).toHaveLength(1);
  });

  it('lets pages use src/lib and the Node-only build module', async () => {
    const page = `---\nimport { sanitizeHtml } from '../build/sanitize.ts';\nimport { formatDollars } from '../lib/format.ts';\n---\n<p>{sanitizeHtml(formatDollars(1))}</p>\n`;
    expect(await boundaryErrors('src/pages/planted.astro', page)).toEqual([]);
  });

  it('keeps src/lib pure: it imports only src/lib', async () => {
    const code = `import { fetchApi } from '../build/api.ts';\nimport { formatDollars } from './format.ts';\nexport const planted = [fetchApi, formatDollars];\n`;
    expect(await boundaryErrors('src/lib/planted.ts', code)).toEqual([
      expect.stringContaining('src/lib is pure shared code'),
    ]);
  });
});

describe('the lint keeps the server in its rooms', () => {
  it('refuses a route that touches the database, and lets it call its service', async () => {
    const touching = `import { eq } from 'drizzle-orm';\nimport { news } from './tables.ts';\nexport const planted = [eq, news];\n`;
    expect(await boundaryErrors('src/server/features/news/planted-routes.ts', touching)).toEqual([
      expect.stringContaining('Routes never touch the database'),
      expect.stringContaining('Routes never touch the database'),
    ]);
    const calling = `import { listNews } from './service.ts';\nexport const planted = listNews;\n`;
    expect(await boundaryErrors('src/server/features/news/planted-routes.ts', calling)).toEqual([]);
  });

  it('refuses a service that knows HTTP', async () => {
    const code = `import { HTTPException } from 'hono/http-exception';\nimport { errorBody } from '../../platform/http/errors.ts';\nexport const planted = [HTTPException, errorBody];\n`;
    expect(await boundaryErrors('src/server/features/news/planted.ts', code)).toEqual([
      expect.stringContaining('Services know nothing of HTTP'),
      expect.stringContaining('Services know nothing of HTTP'),
    ]);
  });

  it('lets features meet only at their public entries', async () => {
    const internal = `import { requireCompany } from '../companies/records.ts';\nexport const planted = requireCompany;\n`;
    expect(await boundaryErrors('src/server/features/news/planted.ts', internal)).toEqual([
      expect.stringContaining("import from '../companies/index.ts'"),
    ]);
    const entry = `import { requireCompany } from '../companies/index.ts';\nexport const planted = requireCompany;\n`;
    expect(await boundaryErrors('src/server/features/news/planted.ts', entry)).toEqual([]);
  });

  it('lets a feature’s tables name another feature’s tables for their foreign keys, and nothing else reach them', async () => {
    const foreignKey = `import { companies } from '../companies/tables.ts';\nexport const planted = companies;\n`;
    expect(await boundaryErrors('src/server/features/news/tables.ts', foreignKey)).toEqual([]);
    expect(await boundaryErrors('src/server/features/news/service.ts', foreignKey)).toEqual([
      expect.stringContaining("import from '../companies/index.ts'"),
    ]);
  });

  it('keeps a feature’s tables inside it: its public entry offers read models and functions, not tables', async () => {
    const tables = `export { news } from './tables.ts';\n`;
    expect(await boundaryErrors('src/server/features/news/index.ts', tables)).toEqual([
      expect.stringContaining('A feature’s tables stay inside it'),
    ]);
    const passedOn = `import { news } from './tables.ts';\nexport const planted = news;\n`;
    expect(await boundaryErrors('src/server/features/news/index.ts', passedOn)).toHaveLength(1);
    const offered = `export { newsView } from './read-models.ts';\nexport type { NewsRow } from './tables.ts';\n`;
    expect(await boundaryErrors('src/server/features/news/index.ts', offered)).toEqual([]);
  });

  it('keeps the platform below every feature', async () => {
    const code = `import { requireUser } from '../features/accounts/index.ts';\nexport const planted = requireUser;\n`;
    expect(await boundaryErrors('src/server/platform/planted.ts', code)).toEqual([
      expect.stringContaining('The platform knows no feature'),
    ]);
  });
});
