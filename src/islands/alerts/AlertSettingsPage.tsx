/**
 * The Alerts settings tab (/settings/Alerts, docs/product.md §15.7): how
 * alerts reach the reader (email, text messages, push, quiet hours), what
 * every followed company alerts about, each followed company's own choice,
 * the saved screens' alerts, and push on this device.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  ALERT_KINDS,
  ALERT_MESSAGES,
  ALERT_TEXT,
  EMAIL_MODES,
  alertKindLabel,
  easternHourLabel,
  isValidQuietHours,
  normaliseAlertKinds,
  type AlertKind,
  type AlertSettings,
  type CompanyAlertRule,
  type EmailMode,
  type SavedScreenAlert,
} from '../../lib/alerts.ts';
import { PROFILE_INFO_PATH } from '../../lib/routes.ts';
import { setScreenAlert } from '../../stores/saved-screens.ts';
import ErrorBoundary from '../ErrorBoundary.tsx';
import LoadFailed from '../LoadFailed.tsx';
import { useServerRead } from '../use-server-read.ts';
import { FormMessage } from '../forms/controls.tsx';
import { loadAlertSettings, saveAlertSettings } from './alerts-api.ts';
import KindsEditor, { draftOf, ruleOf, type RuleDraft } from './KindsEditor.tsx';
import CompanyRuleRow from './CompanyRuleRow.tsx';
import DevicePushControl from './DevicePushControl.tsx';
import { useAlertSave, type Note } from './use-alert-save.ts';

const T = ALERT_TEXT;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 border-t border-line pt-6" data-testid={testId}>
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function HourSelect(props: { label: string; value: number; onChange: (hour: number) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {props.label}
      </label>
      <select
        id={id}
        className="input w-40"
        value={props.value}
        onChange={(event) => props.onChange(Number(event.target.value))}
      >
        {HOURS.map((hour) => (
          <option key={hour} value={hour}>
            {easternHourLabel(hour)}
          </option>
        ))}
      </select>
    </div>
  );
}

function Check(props: { label: string; checked: boolean; onChange: (on: boolean) => void; detail?: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-primary-fill"
        checked={props.checked}
        aria-describedby={props.detail ? `${id}-detail` : undefined}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={id} className="font-medium">
          {props.label}
        </label>
        {props.detail && (
          <p id={`${id}-detail`} className="text-sm text-muted">
            {props.detail}
          </p>
        )}
      </div>
    </div>
  );
}

/** The server's reason text messages need a phone number, its 'Profile Info' a link there. */
function NeedsPhone() {
  const [before, after] = ALERT_MESSAGES.needsPhone.split(T.profileInfo);
  if (after === undefined) return ALERT_MESSAGES.needsPhone;
  return (
    <>
      {before}
      <a href={PROFILE_INFO_PATH} className="font-semibold underline">
        {T.profileInfo}
      </a>
      {after}
    </>
  );
}

type Channels = Pick<AlertSettings, 'email' | 'digestHour' | 'sms' | 'smsKinds' | 'push'> & {
  quiet: boolean;
  quietStart: number;
  quietEnd: number;
};

const channelsOf = (settings: AlertSettings): Channels => ({
  email: settings.email,
  digestHour: settings.digestHour,
  sms: settings.sms,
  smsKinds: settings.smsKinds,
  push: settings.push,
  quiet: settings.quietHours !== null,
  quietStart: settings.quietHours?.start ?? 22,
  quietEnd: settings.quietHours?.end ?? 7,
});

/**
 * Email, text messages, push and quiet hours: one form, one Save. The text
 * messages' daily move names `threshold`, the one typed for all followed companies.
 */
function ChannelsForm({
  settings,
  threshold,
  onSaved,
}: {
  settings: AlertSettings;
  threshold: number;
  onSaved: (next: AlertSettings) => void;
}) {
  const [draft, setDraft] = useState(() => channelsOf(settings));
  const { busy, note, setNote, save } = useAlertSave();
  const id = useId();
  const set = (change: Partial<Channels>) => setDraft((current) => ({ ...current, ...change }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const quietHours = draft.quiet ? { start: draft.quietStart, end: draft.quietEnd } : null;
    if (!isValidQuietHours(quietHours)) return setNote({ kind: 'error', text: ALERT_MESSAGES.quietHoursInvalid });
    // Text messages need a phone number: a refusal says so, in the server's words.
    const change = {
      email: draft.email,
      digestHour: draft.digestHour,
      sms: draft.sms,
      smsKinds: normaliseAlertKinds(draft.smsKinds),
      push: draft.push,
      quietHours,
    };
    const saved = (next: AlertSettings) => {
      onSaved(next);
      setDraft(channelsOf(next));
    };
    await save(() => saveAlertSettings(change), saved, ALERT_MESSAGES.settingsSaved);
  };

  return (
    <form className="flex flex-col gap-5" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{T.email}</legend>
        {EMAIL_MODES.map((mode: EmailMode) => (
          <label key={mode} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-email`}
              value={mode}
              checked={draft.email === mode}
              onChange={() => set({ email: mode })}
              className="accent-[var(--primary)]"
            />
            {T.emailModes[mode]}
          </label>
        ))}
        {draft.email === 'digest' && (
          <div className="mt-1 pl-6">
            <HourSelect label={T.digestHour} value={draft.digestHour} onChange={(digestHour) => set({ digestHour })} />
          </div>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-semibold">{T.sms}</legend>
        <Check label={T.smsLabel} checked={draft.sms} onChange={(sms) => set({ sms })} />
        {draft.sms && (
          <fieldset className="flex flex-col gap-2 pl-8">
            <legend className="mb-1 text-sm font-medium">{T.smsKinds}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {ALERT_KINDS.map(({ id: kind }) => (
                <label key={kind} className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-primary-fill"
                    checked={draft.smsKinds.includes(kind)}
                    onChange={(event) =>
                      set({
                        smsKinds: event.target.checked
                          ? normaliseAlertKinds([...draft.smsKinds, kind])
                          : draft.smsKinds.filter((k: AlertKind) => k !== kind),
                      })
                    }
                  />
                  <span>{alertKindLabel(kind, threshold)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{T.push}</legend>
        <Check label={T.pushLabel} checked={draft.push} onChange={(push) => set({ push })} />
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-semibold">{T.quietHours}</legend>
        <Check
          label={T.quietHoursLabel}
          detail={T.quietHoursDetail}
          checked={draft.quiet}
          onChange={(quiet) => set({ quiet })}
        />
        {draft.quiet && (
          <div className="flex flex-wrap gap-4 pl-8">
            <HourSelect label={T.quietFrom} value={draft.quietStart} onChange={(quietStart) => set({ quietStart })} />
            <HourSelect label={T.quietUntil} value={draft.quietEnd} onChange={(quietEnd) => set({ quietEnd })} />
          </div>
        )}
      </fieldset>

      {note && (
        <FormMessage kind={note.kind}>
          {note.text === ALERT_MESSAGES.needsPhone ? <NeedsPhone /> : note.text}
        </FormMessage>
      )}
      <button type="submit" className="btn-primary self-start" disabled={busy} aria-busy={busy}>
        {busy ? T.saving : T.save}
      </button>
    </form>
  );
}

/** The kinds and threshold of every followed company without a choice of its own; the threshold shown is told up. */
function AllFollowedForm({
  settings,
  onSaved,
  onThreshold,
}: {
  settings: AlertSettings;
  onSaved: (next: AlertSettings) => void;
  onThreshold: (threshold: number) => void;
}) {
  const [draft, setRuleDraft] = useState<RuleDraft>(() => draftOf(settings));
  const setDraft = (next: RuleDraft) => {
    setRuleDraft(next);
    onThreshold(next.shownThreshold);
  };
  const [error, setError] = useState<string | null>(null);
  const { busy, note, save } = useAlertSave();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const rule = ruleOf(draft);
    if ('error' in rule) return setError(rule.error);
    setError(null);
    const saved = (next: AlertSettings) => {
      onSaved(next);
      setDraft(draftOf(next));
    };
    await save(() => saveAlertSettings(rule), saved, ALERT_MESSAGES.settingsSaved);
  };

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
      <p className="text-sm text-muted">{T.allFollowedDetail}</p>
      <KindsEditor legend={T.allFollowed} draft={draft} onChange={setDraft} error={error} />
      {note && <FormMessage kind={note.kind}>{note.text}</FormMessage>}
      <button type="submit" className="btn-primary self-start" disabled={busy} aria-busy={busy}>
        {busy ? T.saving : T.save}
      </button>
    </form>
  );
}

/**
 * A saved screen's alert switch, saved as it changes: it flips at once and back if the call fails. It
 * flips itself rather than through stores/optimistic.ts: a second importer would give that helper a
 * chunk of its own on every article page, which has no room for it in its JavaScript budget.
 */
function ScreenSwitch({ screen }: { screen: SavedScreenAlert }) {
  const [on, setOn] = useState(screen.alert);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const id = useId();
  const change = async (next: boolean) => {
    setOn(next);
    setBusy(true);
    setNote(null);
    try {
      const saved = await setScreenAlert(screen, next, T.screenFailed);
      setOn(saved.alert);
      setNote({ kind: 'success', text: saved.message });
    } catch (failure) {
      setOn(!next);
      setNote({ kind: 'error', text: (failure as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="alert-screen">
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="size-5 shrink-0 accent-primary-fill"
          checked={on}
          disabled={busy}
          onChange={(event) => void change(event.target.checked)}
        />
        <label htmlFor={id} className="min-w-0 break-words">
          {T.screenSwitch(screen.name)}
        </label>
      </div>
      {note && <FormMessage kind={note.kind}>{note.text}</FormMessage>}
    </li>
  );
}

function Settings() {
  const read = useServerRead('alert settings', '', loadAlertSettings);
  // The all-followed threshold as typed, before it is saved.
  const [typedThreshold, setTypedThreshold] = useState<number | null>(null);

  if (read.status === 'failed') return <LoadFailed text={T.loadFailed} retryLabel={T.retry} onRetry={read.retry} />;
  if (read.status === 'loading') {
    return (
      <p role="status" className="text-muted">
        {T.loading}
      </p>
    );
  }

  const settings = read.data;
  const setSettings = (next: AlertSettings) => read.replace(() => next);
  const companySaved = (rule: CompanyAlertRule) =>
    read.replace((current) => ({
      ...current,
      companies: current.companies.map((c) => (c.symbol === rule.symbol ? rule : c)),
    }));

  return (
    <>
      <Section title={T.channels} testId="alert-channels">
        <ChannelsForm settings={settings} threshold={typedThreshold ?? settings.priceThreshold} onSaved={setSettings} />
      </Section>
      <Section title={T.allFollowed} testId="alert-all-followed">
        <AllFollowedForm settings={settings} onSaved={setSettings} onThreshold={setTypedThreshold} />
      </Section>
      <Section title={T.followed} testId="alert-companies">
        {settings.companies.length === 0 ? (
          <p className="text-sm text-muted">{T.followedNone}</p>
        ) : (
          <ul className="divide-y divide-line">
            {settings.companies.map((rule) => (
              <CompanyRuleRow key={rule.symbol} rule={rule} onSaved={companySaved} />
            ))}
          </ul>
        )}
      </Section>
      <Section title={T.screens} testId="alert-screens">
        <p className="text-sm text-muted">{T.screensDetail}</p>
        {settings.screens.length === 0 ? (
          <p className="text-sm text-muted">{T.screensNone}</p>
        ) : (
          <ul className="divide-y divide-line">
            {settings.screens.map((screen) => (
              <ScreenSwitch key={screen.id} screen={screen} />
            ))}
          </ul>
        )}
      </Section>
      <Section title={T.device} testId="alert-device">
        <DevicePushControl />
      </Section>
    </>
  );
}

export default function AlertSettingsPage() {
  return (
    <ErrorBoundary>
      <div className="flex flex-col gap-6" data-testid="alert-settings">
        <div className="flex flex-col gap-2">
          <h2 className="text-xl font-bold">{T.heading}</h2>
          <p className="text-sm text-muted">{T.intro}</p>
        </div>
        <Settings />
      </div>
    </ErrorBoundary>
  );
}
