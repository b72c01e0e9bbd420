/**
 * Loaded before a command's own modules (`node --import ./scripts/preload.ts …`, see package.json; `npm test`
 * hands it to every process it starts through NODE_OPTIONS). Starts are a third faster with it and work the same
 * without it (see src/server/platform/module-resolution.ts).
 */
import { registerFastResolution } from '../src/server/platform/module-resolution.ts';

registerFastResolution();
