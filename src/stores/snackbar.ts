/** One snackbar message at a time, hidden by the host after six seconds. */
import { atom } from 'nanostores';

export type SnackbarSeverity = 'success' | 'error' | 'info';

export interface SnackbarMessage {
  id: number;
  text: string;
  severity: SnackbarSeverity;
  /** A link offered with the message ('Log in'). */
  action?: { label: string; href: string };
}

export const $snackbar = atom<SnackbarMessage | null>(null);
let nextId = 1;

export function showSnackbar(
  text: string,
  severity: SnackbarSeverity = 'info',
  action?: SnackbarMessage['action'],
): void {
  $snackbar.set({ id: nextId++, text, severity, ...(action ? { action } : {}) });
}

export function hideSnackbar(id?: number): void {
  const current = $snackbar.get();
  if (current && (id === undefined || current.id === id)) $snackbar.set(null);
}
