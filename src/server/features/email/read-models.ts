/**
 * What other features read of this feature's tables in their own lists and joins: read-only (platform/db/read-model.ts).
 */
import { readModel } from '../../platform/db/read-model.ts';
import { mailSuppressions } from './tables.ts';

export const mailSuppressionsView = readModel(mailSuppressions);
