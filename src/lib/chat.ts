/**
 * RedChat's texts and constants (docs/product.md §13, §20.9, §21), shared by the chat page,
 * its frame, the shared-conversation page and the server.
 */
export const CHAT_TEXT = {
  historyFailed: 'Failed to load chat history. Please try again later.',
  // Worded as docs/product.md writes it.
  titleFailed: 'Failed to changing title chat history. Please try again later.',
  noHistory: 'No chat history available',
  loadingMore: 'Loading more...',
  newChat: 'New Chat',
  chatHistory: 'Chat History',
  linkCopied: 'Link copied to clipboard',
  startWith: (name: string, symbol: string) => `Start new chat with ${name} - ${symbol}`,
  learnAbout: (name: string, symbol: string) => `Learn about ${name} - ${symbol}`,
  /** The greeting of a conversation started for a stock names it in upper case (docs/product.md §13.2). */
  greeting: (symbol: string) => `Hi! I'm RedChat. Ask me anything about ${symbol.toUpperCase()}.`,
  greetingGeneral: "Hi! I'm RedChat, your AI assistant for stock research.",
  unknownSymbol: (symbol: string) =>
    `I couldn't find ${symbol.toUpperCase()} among the stocks RedCap covers. Ask about any company by its ticker or name.`,
  disclaimer: 'RedChat gives information only, not investment advice.',
  /** A question that is neither about RedCap's data nor an investing term of the glossary (docs/product.md §13.2). */
  notCovered: "I don't know that from RedCap's data.",
  /** Under a definition from the glossary: what it is, and what it is not (docs/product.md §13.2). */
  definitionNote: 'A general definition, not advice about any stock.',
  placeholder: 'Ask about any stock…',
  signInForHistory: 'Sign in to keep your conversations and find them here later.',
  shareFailed: 'Could not create a share link. Please try again.',
  sendFailed: 'RedChat could not answer just now. Please try again.',
  threadMissing: 'This conversation no longer exists.',
  threadFailed: 'This conversation could not be loaded just now. Reload the page to try again.',
  sharedMissing: 'This shared chat does not exist or is no longer shared.',
  sharedFailed: 'The conversation could not be loaded. Please try again.',
  modelFallback:
    "The AI model didn't answer, so this answer comes from RedChat's built-in research engine, which reads RedCap's data directly.",
  tooLong: (max: number) => `Your message is too long: keep it to ${max} characters.`,
  threadLimit: (max: number) =>
    `You have ${max} saved conversations, the most RedChat keeps. Delete some from your chat history to start new ones.`,
} as const;

/** Chat history is read 18 threads at a time. */
export const CHAT_HISTORY_PAGE_SIZE = 18;
/** A thread title, and what a question may be at most. */
export const CHAT_TITLE_MAX = 200;
/** The longest question RedChat takes. */
export const CHAT_MESSAGE_MAX = 1000;
/** The share button rests this long after use (docs/product.md §13.5, §21.3). */
export const SHARE_LOCK_MS = 3000;
/** 'Link copied to clipboard' shows this long (docs/product.md §13.5, §21.3). */
export const LINK_COPIED_MS = 1200;

/** A saved chat's title above its conversation: over 42 characters, cut to 40 (with an ellipsis). */
export function cutChatTitle(title: string): string {
  return title.length > 42 ? `${title.slice(0, 40)}…` : title;
}

/** Company names are cut at 32 characters. */
export function cutChatCompany(name: string): string {
  return name.length > 32 ? `${name.slice(0, 32)}…` : name;
}

/** A thread's title from its first question: one line, at most CHAT_TITLE_MAX characters. */
export function titleFromQuestion(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length > CHAT_TITLE_MAX ? `${line.slice(0, CHAT_TITLE_MAX - 1)}…` : line;
}

/** Where a conversation about a stock starts, in the full chat page. */
export const chatPagePath = (symbol?: string | null) =>
  symbol ? `/redchat?symbol=${encodeURIComponent(symbol.toUpperCase())}` : '/redchat';

/** The chat frame's address: a conversation about a stock, one thread of the history, or a new one. */
export function chatFramePath(options: { symbol?: string | null; thread?: string | null } = {}): string {
  const params = new URLSearchParams();
  if (options.thread) params.set('thread', options.thread);
  else if (options.symbol) params.set('symbol', options.symbol.toUpperCase());
  const query = params.toString();
  return `/redchat/frame/${query ? `?${query}` : ''}`;
}
