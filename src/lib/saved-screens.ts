/**
 * Saved screens (docs/product.md §7.8): a signed-in reader keeps the
 * screener's current screen (its filters, sector, sort and page size, as
 * the screener's own link query, and its columns) under a name, and opens,
 * renames and deletes it from "My screens" in the screener and in
 * Favorites. Its limits, its words and its rules, for the API, the
 * islands and the tests.
 */
import type { SavedScreenRecord } from './content-records.ts';
import { normaliseColumns } from './screener-columns.ts';
import { screenFromParams, screenToParams } from './screener-state.ts';

export const SAVED_SCREEN_NAME_MAX = 60;
/** Screens one reader keeps at most. */
export const SAVED_SCREENS_MAX = 50;
/** The longest link query a screen keeps (every filter set with its widest value fits well within it). */
export const SAVED_SCREEN_QUERY_MAX = 2000;

/** The record (its schema is in content-records.ts, which pages do not load: zod's full build is not for them). */
export type SavedScreen = SavedScreenRecord;

export const SAVED_SCREEN_TEXT = {
  heading: 'My screens',
  save: 'Save this screen',
  nameLabel: 'Screen name',
  renameLabel: (name: string) => `New name for “${name}”`,
  namePlaceholder: 'Name this screen',
  saveButton: 'Save',
  none: 'No saved screens yet. Set the filters you want, then save the screen to find it here.',
  saved: (name: string) => `Saved “${name}”.`,
  renamed: (name: string) => `Renamed to “${name}”.`,
  deleted: (name: string) => `Deleted “${name}”.`,
  rename: 'Rename',
  delete: 'Delete',
  cancel: 'Cancel',
  loginToSave: 'Log in to save screens.',
  loadFailed: 'Failed to load your screens. Please try again.',
  saveFailed: 'Could not save the screen. Please try again.',
  nameRequired: 'Name the screen to save it.',
  nameInvisible: 'A screen name cannot hold invisible characters or text-direction controls.',
  duplicate: (name: string) => `You already have a screen named “${name}”.`,
  tooMany: `You can keep up to ${SAVED_SCREENS_MAX} screens. Delete one to save another.`,
  notFound: 'That screen no longer exists.',
} as const;

/**
 * A query and columns as a screen keeps them: read back through the
 * screener's own rules, so what is kept is what the screener would show
 * (unknown filters and malformed values dropped, defaults left out).
 */
export function canonicalScreen(query: string, columns: readonly string[]): { query: string; columns: string[] } {
  const state = screenFromParams(new URLSearchParams(query));
  // A saved screen opens on its first page.
  return { query: screenToParams({ ...state, page: 1 }).toString(), columns: normaliseColumns(columns) };
}

/**
 * The screener's address that opens a saved screen (the default screen
 * names its sort, or the screener would restore the browser's last one).
 */
export const savedScreenLink = (screen: Pick<SavedScreen, 'query'>) => `/stocks?${screen.query || 'sort=symbol'}`;
