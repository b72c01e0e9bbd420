/** SEC EDGAR as the console's Data tab shows it (docs/product.md §17.5). */
import type { DataSource } from '../sources/index.ts';
import { EDGAR_SYNC_JOB } from './jobs.ts';
import { edgarSyncStatus, requestEdgarSync } from './status.ts';

export const edgarDataSource: DataSource = {
  id: 'edgar',
  job: EDGAR_SYNC_JOB,
  status: (db, config, now) => edgarSyncStatus(db, config.edgar, now),
  request: (db, config) => requestEdgarSync(db, config.edgar),
};
