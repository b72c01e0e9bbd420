/** RedChat: what other features and the server may use. */
export { chatMessages, chatShares, chatThreads } from './tables.ts';
