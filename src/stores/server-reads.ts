/**
 * Where the islands' server reads live (@nanostores/query): a read's store
 * holds its data, its error and whether it is loading, and reads again when
 * its key changes or it is invalidated (a key that changed while the tab was
 * hidden is read when it shows again: see islands/use-server-read.ts).
 *
 * An island reads the server each time it is shown and keeps nothing
 * between showings (no dedupe window, no cache lifetime): a dialog opened
 * again shows what the server holds now, never an older answer. A failed
 * read waits for the reader's Retry instead of trying again behind their
 * back, and a read never runs again on its own when the tab regains focus
 * or the network returns.
 */
import { nanoquery } from '@nanostores/query';

export const [createReadStore] = nanoquery({
  dedupeTime: 0,
  cacheLifetime: 0,
  onErrorRetry: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
});
