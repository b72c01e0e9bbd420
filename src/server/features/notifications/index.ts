/** Global notifications: what the composition uses (the delivery job). */
export { BROADCAST_INTERVAL_MS, deliverBroadcasts } from './service.ts';
export { BROADCAST_JOB, jobs } from './jobs.ts';
