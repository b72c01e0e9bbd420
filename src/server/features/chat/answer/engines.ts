/** Which engine answers: the built-in one, or a configured model that falls back to it. */
import type { Logger } from '../../../platform/logger.ts';
import { createBuiltinEngine } from './builtin.ts';
import type { AnswerEngine } from './engine.ts';
import { createModelEngine, type ModelSettings } from './model.ts';

export function createAnswerEngine(model: ModelSettings | null, logger: Logger): AnswerEngine {
  const builtin = createBuiltinEngine();
  return model ? createModelEngine(model, builtin, logger) : builtin;
}
