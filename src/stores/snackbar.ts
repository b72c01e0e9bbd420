/** One snackbar message at a time, hidden by the host after six seconds. */
import { atom } from 'nanostores';

export type SnackbarSeverity = 'success' | 'error' | 'info';

export interface SnackbarMessage {
  id: number;
  text: string;
  severity: SnackbarSeverity;
  /** A link offered with the message ('Log in'), or a button that does something ('Reload'). */
  action?: SnackbarAction;
  /** Stays until dismissed or acted on, instead of hiding after a few seconds. */
  persistent?: boolean;
}

export type SnackbarAction = { label: string; href: string } | { label: string; run: () => void };

export const $snackbar = atom<SnackbarMessage | null>(null);
let nextId = 1;

export function showSnackbar(
  text: string,
  severity: SnackbarSeverity = 'info',
  action?: SnackbarAction,
  { persistent = false }: { persistent?: boolean } = {},
): number {
  const id = nextId++;
  $snackbar.set({ id, text, severity, ...(action ? { action } : {}), ...(persistent ? { persistent } : {}) });
  return id;
}

export function hideSnackbar(id?: number): void {
  const current = $snackbar.get();
  if (current && (id === undefined || current.id === id)) $snackbar.set(null);
}
