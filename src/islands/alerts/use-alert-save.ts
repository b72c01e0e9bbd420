/**
 * A save on the Alerts settings tab: busy while it runs, then a note under
 * the form with the server's message (or the site's words for what was
 * saved), or the reason it failed.
 */
import { useState } from 'react';
import { ALERT_TEXT } from '../../lib/alerts.ts';
import { failureText } from '../auth/shared.ts';

export type Note = { kind: 'success' | 'error'; text: string } | null;

export function useAlertSave() {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);

  /** Runs `call`; `saved` takes the answer's data before its message is shown (`said` when it has none). */
  const save = async <D>(
    call: () => Promise<{ data: D; message?: string }>,
    saved: (data: D) => void,
    said: string,
  ) => {
    setBusy(true);
    setNote(null);
    try {
      const body = await call();
      saved(body.data);
      setNote({ kind: 'success', text: body.message || said });
    } catch (failure) {
      setNote({ kind: 'error', text: failureText(failure, ALERT_TEXT.saveFailed) });
    } finally {
      setBusy(false);
    }
  };

  return { busy, note, setNote, save };
}
