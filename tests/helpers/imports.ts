/** Options of a universe import as the command's defaults give them, for tests that import a screener export. */
import { SMALL_CAP_WINDOW, type UniverseOptions } from '../../src/server/features/imports/index.ts';

export const universeOptions = (extra: Partial<UniverseOptions> = {}): UniverseOptions => ({
  minCap: SMALL_CAP_WINDOW.min,
  maxCap: SMALL_CAP_WINDOW.max,
  kinds: new Set(['common']),
  market: 'NASDAQ',
  asOf: '2021-03-29',
  dryRun: false,
  replaceDemo: false,
  ...extra,
});
