/**
 * The email preference centre (/email/preferences?t={token}), where the links at the foot of every
 * bulk email lead; the token in the address stands in for signing in.
 *
 * Opening the page only reads (GET), even from the Unsubscribe link (&unsubscribe=1): mail scanners,
 * security gateways and link previews fetch every link in a message, and a page that unsubscribed as
 * it opened would take readers off lists they never chose to leave. The reader's own press of the
 * Unsubscribe button sends the POST; mail providers' one-click unsubscribe (RFC 8058) is a POST of its
 * own, straight to the server.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { EMAIL_LISTS, EMAIL_LIST_TEXTS, PREFERENCE_TEXTS, type EmailList } from '../../lib/email-lists.ts';
import { api } from '../api-client.ts';
import { failureText, refused } from '../auth/shared.ts';
import ErrorBoundary from '../ErrorBoundary.tsx';
import { FormMessage } from '../forms/controls.tsx';
import { useBrowserValue } from '../forms/useBrowserValue.ts';
import LoadFailed from '../LoadFailed.tsx';
import { useServerRead } from '../use-server-read.ts';

/** What the API answers for a token: `null` for a list the address cannot get at all. */
export interface EmailPreferencesData {
  email: string;
  newsletter: boolean;
  announcements: boolean | null;
  alerts: boolean | null;
  /** The list of the email the link came from. */
  list: EmailList;
}
type Answer = { data: EmailPreferencesData };
type Switches = Partial<Record<EmailList, boolean>>;

/** The token, and whether the reader came by the Unsubscribe link. */
export function readLink(search: string): { token: string | null; unsubscribe: boolean } {
  const params = new URLSearchParams(search);
  return { token: params.get('t') || null, unsubscribe: params.get('unsubscribe') === '1' };
}

/** A `null` list is mail the address never gets: a switch for it would promise something that cannot happen. */
const shownLists = (preferences: EmailPreferencesData) => EMAIL_LISTS.filter((list) => preferences[list] !== null);

const switchesOf = (preferences: EmailPreferencesData, lists: readonly EmailList[]): Switches =>
  Object.fromEntries(lists.map((list) => [list, preferences[list] === true]));

// A function replacer: an address may hold `$`, which a replacement string would read as a pattern.
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** A list's label inside a sentence ("from the weekly newsletter"); only the first letter, names keep theirs. */
const inSentence = (list: EmailList) => {
  const { label } = EMAIL_LIST_TEXTS[list];
  return label.charAt(0).toLowerCase() + label.slice(1);
};

/**
 * What the reader pressed may be gone (the Unsubscribe button) or disabled: the outcome takes the
 * focus so keyboard and screen-reader users land on it, scrolled clear of the sticky top bar.
 */
const takeFocus = (node: HTMLElement | null) => {
  if (!node) return;
  node.scrollIntoView({ block: 'nearest' });
  node.focus({ preventScroll: true });
};

function Outcome({ kind, text, focus }: { kind: 'success' | 'error'; text: string; focus: boolean }) {
  return (
    <div tabIndex={-1} ref={focus ? takeFocus : undefined} className="scroll-mt-24 scroll-mb-24 outline-none">
      <FormMessage kind={kind}>{text}</FormMessage>
    </div>
  );
}

/** A result to show; `n` tells one press from the next, so each new result takes the focus again. */
type Note = { kind: 'success' | 'error'; text: string; n: number };
/** What the reader's press in the card gave: its error, or null when the card's own message says it. */
type CardNote = { error: string | null; n: number };

/** Which press is waiting for the server. */
type Busy = 'unsubscribe' | 'resubscribe' | 'save' | 'off';

/** Where the unsubscribe link stands: asked and not answered, done, or undone by Subscribe again. */
type Card = 'ask' | 'unsubscribed' | 'resubscribed';

/** The card follows the server's answer, whichever button gave it (Save and Turn off too). */
function nextCard(card: Card | null, on: boolean | null): Card | null {
  if (card === null || on === null) return card;
  if (!on) return 'unsubscribed';
  return card === 'unsubscribed' ? 'resubscribed' : card;
}

function Centre({
  token,
  initial,
  fromUnsubscribe,
}: {
  token: string;
  initial: EmailPreferencesData;
  fromUnsubscribe: boolean;
}) {
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState<Switches>(() => switchesOf(initial, shownLists(initial)));
  // Already off: the question would offer what is done, so the card says so and offers it back.
  const [card, setCard] = useState<Card | null>(() =>
    fromUnsubscribe && initial[initial.list] !== null ? (initial[initial.list] ? 'ask' : 'unsubscribed') : null,
  );
  const [busy, setBusy] = useState<Busy | null>(null);
  const [cardNote, setCardNote] = useState<CardNote | null>(null);
  const [formNote, setFormNote] = useState<Note | null>(null);
  const presses = useRef(0);
  const formId = useId();

  const { list } = saved;
  const lists = shownLists(saved);
  const working = busy !== null;

  /** Takes the server's answer; `only` keeps the reader's unsaved ticks of the other lists. */
  const take = (data: EmailPreferencesData, only?: EmailList) => {
    setSaved(data);
    setDraft((current) => (only ? { ...current, ...switchesOf(data, [only]) } : switchesOf(data, shownLists(data))));
    setCard((current) => nextCard(current, data[data.list]));
  };

  const press = () => ++presses.current;

  /**
   * Sends one change and takes the server's answer (`only`: the link's list alone); `settle` hears the
   * failure's text, or null when the server took it.
   */
  const send = async (
    kind: Busy,
    request: () => Promise<Answer>,
    fallback: string,
    settle: (error: string | null) => void,
    only?: EmailList,
  ) => {
    // The card may change with any answer, but each change's own result is the one to hear.
    setCardNote(null);
    setBusy(kind);
    try {
      const { data } = await request();
      take(data, only);
      settle(null);
    } catch (error) {
      settle(failureText(error, fallback));
    } finally {
      setBusy(null);
    }
  };
  const put = (switches: Switches) => () =>
    api.put('email/preferences', { searchParams: { t: token }, json: switches }).json<Answer>();
  const settleCard = (error: string | null) => setCardNote({ error, n: press() });

  const unsubscribe = () => {
    const post = () => api.post('email/unsubscribe', { searchParams: { t: token } }).json<Answer>();
    return send('unsubscribe', post, PREFERENCE_TEXTS.unsubscribeFailed, settleCard, list);
  };

  const resubscribe = () => send('resubscribe', put({ [list]: true }), PREFERENCE_TEXTS.saveFailed, settleCard, list);

  const save = (switches: Switches, kind: 'save' | 'off') => {
    setFormNote(null);
    return send(kind, put(switches), PREFERENCE_TEXTS.saveFailed, (error) =>
      setFormNote(
        error === null
          ? { kind: 'success', text: PREFERENCE_TEXTS.saved, n: press() }
          : { kind: 'error', text: error, n: press() },
      ),
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (working) return;
    // Only the switches on the page: a list the address cannot get is not the reader's to set.
    void save(Object.fromEntries(lists.map((l) => [l, draft[l] ?? saved[l] === true])), 'save');
  };

  const everythingOff = () => {
    if (working) return;
    // The ticks follow the server's answer: a refused call leaves them showing what still holds.
    void save(Object.fromEntries(lists.map((l) => [l, false])), 'off');
  };

  const cardMessage =
    card === 'unsubscribed'
      ? EMAIL_LIST_TEXTS[list].unsubscribed
      : card === 'resubscribed'
        ? fill(PREFERENCE_TEXTS.resubscribed, { list: inSentence(list) })
        : null;

  return (
    <div className="mt-5 flex flex-col gap-5" data-testid="email-preferences">
      {card !== null && saved[list] !== null && (
        <section className="card flex flex-col gap-3 p-5" data-testid="unsubscribe-card">
          {card === 'ask' ? (
            <>
              <h2 className="text-lg font-semibold">
                {fill(PREFERENCE_TEXTS.confirmUnsubscribe, { email: saved.email, list: inSentence(list) })}
              </h2>
              <button
                type="button"
                className="btn-primary self-start"
                onClick={() => void unsubscribe()}
                disabled={working}
                aria-busy={busy === 'unsubscribe'}
              >
                {busy === 'unsubscribe' ? PREFERENCE_TEXTS.unsubscribing : PREFERENCE_TEXTS.unsubscribeButton}
              </button>
            </>
          ) : (
            <>
              {cardMessage && (
                <Outcome
                  key={cardNote?.error === null ? cardNote.n : 'opened'}
                  kind="success"
                  text={cardMessage}
                  focus={cardNote?.error === null}
                />
              )}
              {card === 'unsubscribed' && (
                <button
                  type="button"
                  className="btn-secondary self-start"
                  onClick={() => void resubscribe()}
                  disabled={working}
                  aria-busy={busy === 'resubscribe'}
                >
                  {busy === 'resubscribe' ? PREFERENCE_TEXTS.resubscribing : PREFERENCE_TEXTS.resubscribe}
                </button>
              )}
            </>
          )}
          {cardNote?.error && <Outcome key={cardNote.n} kind="error" text={cardNote.error} focus />}
        </section>
      )}

      <form className="card flex flex-col gap-4 p-5" noValidate onSubmit={submit} aria-labelledby={`${formId}-legend`}>
        <fieldset disabled={working} className="flex min-w-0 flex-col gap-4">
          <legend id={`${formId}-legend`} className="mb-1 text-lg font-semibold">
            {PREFERENCE_TEXTS.legend}
          </legend>
          <p className="text-sm text-muted">{fill(PREFERENCE_TEXTS.intro, { email: saved.email })}</p>
          {lists.map((l) => (
            <div key={l} className="flex items-start gap-3">
              <input
                id={`${formId}-${l}`}
                type="checkbox"
                name={l}
                className="mt-0.5 size-5 shrink-0 accent-primary-fill"
                checked={draft[l] ?? saved[l] === true}
                aria-describedby={`${formId}-${l}-detail`}
                onChange={(event) => setDraft((current) => ({ ...current, [l]: event.target.checked }))}
              />
              <div className="flex min-w-0 flex-col gap-1">
                <label htmlFor={`${formId}-${l}`} className="font-medium">
                  {EMAIL_LIST_TEXTS[l].label}
                </label>
                <p id={`${formId}-${l}-detail`} className="text-sm text-muted">
                  {EMAIL_LIST_TEXTS[l].detail}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
        {formNote && <Outcome key={formNote.n} kind={formNote.kind} text={formNote.text} focus />}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary" disabled={working} aria-busy={busy === 'save'}>
            {busy === 'save' ? PREFERENCE_TEXTS.saving : PREFERENCE_TEXTS.save}
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={everythingOff}
            disabled={working}
            aria-busy={busy === 'off'}
          >
            {busy === 'off' ? PREFERENCE_TEXTS.saving : PREFERENCE_TEXTS.everythingOff}
          </button>
        </div>
      </form>
    </div>
  );
}

const readPreferences = (token: string) =>
  api
    .get('email/preferences', { searchParams: { t: token } })
    .json<Answer>()
    .then(({ data }) => data);

function PreferenceCentre() {
  // The build renders the page once for every token: the address is read in the browser only.
  const search = useBrowserValue(() => location.search, null);
  const link = search === null ? null : readLink(search);
  const token = link?.token ?? null;
  const read = useServerRead('email preferences', token, readPreferences);

  if (link !== null && token === null) return <BadLink />;
  if (read.status === 'failed') {
    if (refused(read.error)) return <BadLink />;
    return (
      <LoadFailed
        text={PREFERENCE_TEXTS.loadFailed}
        retryLabel={PREFERENCE_TEXTS.tryAgain}
        onRetry={read.retry}
        className="mt-5 flex flex-col gap-4"
      />
    );
  }
  if (read.status === 'loading' || token === null || link === null) {
    return (
      <p role="status" className="mt-5 text-muted">
        {PREFERENCE_TEXTS.loading}
      </p>
    );
  }
  return <Centre token={token} initial={read.data} fromUnsubscribe={link.unsubscribe} />;
}

function BadLink() {
  return (
    <div className="mt-5">
      <FormMessage kind="error">{PREFERENCE_TEXTS.badLink}</FormMessage>
    </div>
  );
}

export default function EmailPreferences() {
  return (
    <ErrorBoundary>
      <PreferenceCentre />
    </ErrorBoundary>
  );
}
