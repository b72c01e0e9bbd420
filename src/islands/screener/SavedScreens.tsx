/**
 * Saved screens (docs/product.md §7.8): the screener's "My screens" menu,
 * which saves the current screen under a name and opens, renames and
 * deletes the saved ones, and the same list on the favorites' Screens tab.
 * A saved screen opens as a link to the screener.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ALERT_TEXT } from '../../lib/alerts.ts';
import {
  SAVED_SCREEN_NAME_MAX,
  SAVED_SCREEN_TEXT,
  savedScreenLink,
  type SavedScreen,
} from '../../lib/saved-screens.ts';
import {
  $savedScreens,
  deleteSavedScreen,
  loadSavedScreens,
  renameSavedScreen,
  saveCurrentScreen,
  setScreenAlert,
} from '../../stores/saved-screens.ts';
import { rememberColumns } from '../../stores/screener.ts';
import { showSnackbar } from '../../stores/snackbar.ts';
import { useSession } from '../use-session.ts';
import Popover from './Popover.tsx';

const T = SAVED_SCREEN_TEXT;

/** A name field with its own error line, for saving and renaming. */
function NameForm({
  initial = '',
  label = T.nameLabel,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: string;
  label?: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(T.nameRequired);
    setBusy(true);
    try {
      await onSubmit(trimmed);
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : T.saveFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="flex flex-col gap-1" onSubmit={(event) => void submit(event)} noValidate>
      <div className="flex gap-2">
        <input
          className="input min-w-0 flex-1 py-1.5!"
          aria-label={label}
          placeholder={T.namePlaceholder}
          maxLength={SAVED_SCREEN_NAME_MAX}
          value={name}
          autoFocus={Boolean(onCancel)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && onCancel) {
              event.stopPropagation();
              onCancel();
            }
          }}
        />
        <button type="submit" className="btn-primary py-1.5!" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn-secondary py-1.5!" onClick={onCancel}>
            {T.cancel}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-down">
          {error}
        </p>
      )}
    </form>
  );
}

/** Whether the screen alerts on companies newly entering it (docs/product.md §15.7), saved as it changes. */
function ScreenAlertSwitch({ screen }: { screen: SavedScreen & { alert?: boolean } }) {
  const [busy, setBusy] = useState(false);
  const on = screen.alert === true;
  const change = async () => {
    setBusy(true);
    try {
      showSnackbar((await setScreenAlert(screen, !on, ALERT_TEXT.screenFailed)).message, 'success');
    } catch (error) {
      showSnackbar((error as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <label className="flex shrink-0 items-center gap-1 text-xs font-medium text-muted" data-testid="screen-alert">
      <input
        type="checkbox"
        role="switch"
        className="size-4 accent-primary-fill"
        checked={on}
        disabled={busy}
        onChange={() => void change()}
      />
      {ALERT_TEXT.tab}
      <span className="sr-only"> {screen.name}</span>
    </label>
  );
}

/** Opening a screen is opening its link; its columns are kept for the screener first (the link has none). */
function ScreenRow({ screen }: { screen: SavedScreen & { alert?: boolean } }) {
  const [renaming, setRenaming] = useState(false);
  if (renaming) {
    return (
      <li className="px-2 py-1.5">
        <NameForm
          initial={screen.name}
          label={T.renameLabel(screen.name)}
          submitLabel={T.saveButton}
          onCancel={() => setRenaming(false)}
          onSubmit={async (name) => {
            const renamed = await renameSavedScreen(screen.id, name, T.saveFailed);
            setRenaming(false);
            showSnackbar(T.renamed(renamed.name), 'success');
          }}
        />
      </li>
    );
  }
  // The name keeps a line of its own whenever it and the actions do not fit side by side: a name is read
  // whole, and the actions keep their words whole, at every width.
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1.5 px-2 py-2" data-testid="saved-screen">
      <a
        href={savedScreenLink(screen)}
        className="min-w-40 flex-1 font-medium [overflow-wrap:anywhere] hover:text-primary"
        onClick={() => rememberColumns(screen.columns)}
      >
        {screen.name}
      </a>
      <div className="ml-auto flex shrink-0 items-center gap-2 whitespace-nowrap">
        <ScreenAlertSwitch screen={screen} />
        <button type="button" className="btn-secondary px-2! py-1! text-xs" onClick={() => setRenaming(true)}>
          {T.rename}
          <span className="sr-only"> {screen.name}</span>
        </button>
        <button
          type="button"
          className="btn-secondary px-2! py-1! text-xs"
          onClick={() =>
            void deleteSavedScreen(screen.id, T.saveFailed).then(
              () => showSnackbar(T.deleted(screen.name), 'success'),
              (error: Error) => showSnackbar(error.message, 'error'),
            )
          }
        >
          {T.delete}
          <span className="sr-only"> {screen.name}</span>
        </button>
      </div>
    </li>
  );
}

/** The reader's saved screens, newest first. */
export function SavedScreenList() {
  const { status, items } = useStore($savedScreens);
  useEffect(() => void loadSavedScreens(), []);
  if (status === 'error') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 px-2 py-1.5 text-sm">
        <span>{T.loadFailed}</span>
        <button type="button" className="btn-secondary py-1!" onClick={() => void loadSavedScreens({ fresh: true })}>
          Retry
        </button>
      </div>
    );
  }
  if (status !== 'ready') {
    return (
      <p className="px-2 py-1.5 text-sm text-muted" aria-busy="true">
        Loading…
      </p>
    );
  }
  if (items.length === 0) return <p className="px-2 py-1.5 text-sm text-muted">{T.none}</p>;
  return (
    <ul className="flex flex-col divide-y divide-line" aria-label={T.heading}>
      {items.map((screen) => (
        <ScreenRow key={screen.id} screen={screen} />
      ))}
    </ul>
  );
}

/** The screener's "My screens" menu: save the current screen, then open, rename or delete a saved one. */
export function SavedScreensMenu() {
  const session = useSession();
  return (
    <Popover label={T.heading} buttonClass="btn-secondary py-1.5!" align="right">
      <div className="flex flex-col gap-3 p-1" data-testid="saved-screens">
        {session ? (
          <>
            <section aria-label={T.save}>
              <h3 className="px-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{T.save}</h3>
              <NameForm
                submitLabel={T.saveButton}
                onSubmit={async (name) => {
                  const saved = await saveCurrentScreen(name, T.saveFailed);
                  showSnackbar(T.saved(saved.name), 'success');
                }}
              />
            </section>
            <section aria-label={T.heading}>
              <h3 className="px-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{T.heading}</h3>
              <SavedScreenList />
            </section>
          </>
        ) : (
          <p className="px-2 py-1.5 text-sm">
            <a href="/login" className="font-semibold text-primary underline">
              {T.loginToSave}
            </a>
          </p>
        )}
      </div>
    </Popover>
  );
}

/** The favorites' Screens tab. */
export default function SavedScreensPage() {
  return (
    <div className="card max-w-2xl p-3" data-testid="saved-screens">
      <SavedScreenList />
    </div>
  );
}
