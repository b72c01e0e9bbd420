/** RedChat: what other features and the server may use. */
export { chatRoutes } from './routes.ts';
export { createAnswerEngine } from './answer/engines.ts';
export { shareIsLive } from './sharing.ts';
export { jobs } from './jobs.ts';
