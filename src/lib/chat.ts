/**
 * RedChat's texts and constants (001 §2, §8, §9), shared by the chat page,
 * its frame and the server.
 */
export const CHAT_TEXT = {
  historyFailed: 'Failed to load chat history. Please try again later.',
  // Worded as the spec writes it.
  titleFailed: 'Failed to changing title chat history. Please try again later.',
  noHistory: 'No chat history available',
  loadingMore: 'Loading more...',
  newChat: 'New Chat',
  linkCopied: 'Link copied to clipboard',
  startWith: (name: string, symbol: string) => `Start new chat with ${name} - ${symbol}`,
  learnAbout: (name: string, symbol: string) => `Learn about ${name} - ${symbol}`,
} as const;

/** Chat history is read 18 threads at a time. */
export const CHAT_HISTORY_PAGE_SIZE = 18;
/** A thread title, and what a question may be at most. */
export const CHAT_TITLE_MAX = 200;

/** Titles over 42 characters are cut to 40 (with an ellipsis). */
export function cutChatTitle(title: string): string {
  return title.length > 42 ? `${title.slice(0, 40)}…` : title;
}

/** Company names are cut at 32 characters. */
export function cutChatCompany(name: string): string {
  return name.length > 32 ? `${name.slice(0, 32)}…` : name;
}
