/** Global notifications: what the composition uses (the delivery job). */
export { BROADCAST_INTERVAL_MS, deliverBroadcasts } from './service.ts';
export { broadcasts } from './tables.ts';
export { BROADCAST_JOB, jobs } from './jobs.ts';
