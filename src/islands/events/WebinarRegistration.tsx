/**
 * The webinar registration page (docs/product.md §12.3, §12.4, §5.8, §20.4): the webinar named by
 * the address, then the form (first name, last name, email, phone, company
 * name, optional job title, and how to be reminded), then 'Registration
 * Successful!'; an archived webinar shows the ended message instead.
 * Signed-in readers find the form filled from their profile.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { WebinarRecord } from '../../lib/content-records.ts';
import {
  REGISTRATION_LIMITS,
  REGISTRATION_TEXT,
  REMINDER_CHOICES,
  REMINDER_LABELS,
  ZOOM_ID_PATTERN,
  validateRegistration,
  webinarHasEnded,
  type RegistrationErrors,
  type RegistrationInput,
  type ReminderChoice,
} from '../../lib/event-registration.ts';
import { API_TIMEOUT_MS } from '../../lib/messages.ts';
import { formatEventTime } from '../../lib/time-format.ts';
import { Field, FormMessage, SubmitButton } from '../forms/controls.tsx';
import LoadFailed from '../LoadFailed.tsx';
import { useSession } from '../use-session.ts';

/** The event behind a registration link, as GET /events/ZoomId answers it. */
type Webinar = WebinarRecord & { company_name: string | null; agenda: string | null };

type Stage =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'unreachable' }
  | { kind: 'ended'; webinar: Webinar }
  | { kind: 'form'; webinar: Webinar }
  | { kind: 'done'; webinar: Webinar; email: string };

/** The form and zoom ids of /events/form/{form_id}/{zoom_id}, when both are there. */
export function idsFromPath(path: string): { formId: string; zoomId: string } | null {
  const match = /^\/events\/form\/([^/]+)\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  try {
    return { formId: decodeURIComponent(match[1]!), zoomId: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}

const EMPTY: RegistrationInput = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  company_name: '',
  job_title: '',
};

/** The stage the address leads to: the webinar's form, its ended message, or a broken link. */
async function lookUp(path: string, signal: AbortSignal): Promise<Stage> {
  const ids = idsFromPath(path);
  if (!ids || !ZOOM_ID_PATTERN.test(ids.zoomId)) return { kind: 'missing' };
  try {
    const query = new URLSearchParams({ zoom_id: ids.zoomId, form_id: ids.formId });
    const response = await fetch(`/api/events/ZoomId?${query}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.any([signal, AbortSignal.timeout(API_TIMEOUT_MS)]),
    });
    if (response.status === 404 || response.status === 400) return { kind: 'missing' };
    if (!response.ok) return { kind: 'unreachable' };
    const { data } = (await response.json()) as { data: Webinar };
    return webinarHasEnded(data.archived, Date.parse(data.upcoming_date), Date.now())
      ? { kind: 'ended', webinar: data }
      : { kind: 'form', webinar: data };
  } catch {
    return { kind: 'unreachable' };
  }
}

/**
 * The form that held the focus is gone: the outcome takes it, so keyboard and
 * screen-reader users hear it, and is scrolled to sit below the sticky top bar
 * (its scroll margin): focusing alone leaves it under the bar when the page
 * was scrolled down to the button.
 */
const showOnMount = (node: HTMLElement | null) => {
  if (!node) return;
  node.scrollIntoView({ block: 'nearest' });
  node.focus({ preventScroll: true });
};

export default function WebinarRegistration() {
  const session = useSession();
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [values, setValues] = useState<RegistrationInput>(EMPTY);
  const [chosenReminders, setReminders] = useState<ReminderChoice | null>(null);
  // Until the reader chooses, reminders go the way their account is reached.
  const reminders = chosenReminders ?? (session?.messagePreference === 'phone' ? 'sms' : 'email');
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    void lookUp(location.pathname, controller.signal).then((next) => {
      if (!controller.signal.aborted) setStage(next);
    });
    return () => controller.abort();
  }, [attempt]);

  // Signed-in readers: the form starts from their profile (what they typed first is kept).
  useEffect(() => {
    if (!session) return;
    let live = true;
    void import('../api-client.ts')
      .then(({ api }) =>
        api.get('profile/profile').json<{ data: { name: string; email: string; phone_number: string } }>(),
      )
      .then(({ data }) => {
        if (!live) return;
        const [first = '', ...rest] = data.name.trim().split(/\s+/);
        setValues((v) => ({
          ...v,
          first_name: v.first_name || first,
          last_name: v.last_name || rest.join(' '),
          email: v.email || data.email,
          phone: v.phone || data.phone_number,
        }));
      })
      .catch(() => {
        // No profile to start from: the reader types it all.
      });
    return () => {
      live = false;
    };
  }, [session]);

  const set = (field: keyof RegistrationInput) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (stage.kind !== 'form' || busy) return;
    const found = validateRegistration(values, reminders);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      e.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    const { api, isHttpError, serverMessage } = await import('../api-client.ts');
    try {
      await api.post('events/register', {
        json: {
          ...values,
          job_title: values.job_title.trim() || undefined,
          form_id: stage.webinar.form_url,
          zoom_id: stage.webinar.zoom_id,
          reminders,
        },
      });
      setStage({ kind: 'done', webinar: stage.webinar, email: values.email.trim() });
    } catch (error) {
      const archived = isHttpError(error) && (error.data as { archived?: boolean } | undefined)?.archived;
      if (archived) setStage({ kind: 'ended', webinar: stage.webinar });
      else setFailure(REGISTRATION_TEXT.failed(serverMessage(error) ?? 'please try again in a minute.'));
    } finally {
      setBusy(false);
    }
  };

  if (stage.kind === 'loading') {
    return (
      <div className="card mt-5 animate-pulse p-5" aria-busy="true" aria-label="Loading the webinar">
        <div className="h-5 w-3/4 rounded bg-surface-2" />
        <div className="mt-3 h-4 w-1/2 rounded bg-surface-2" />
        <div className="mt-6 h-40 rounded bg-surface-2" />
      </div>
    );
  }
  if (stage.kind === 'missing') {
    return (
      <div className="mt-5 flex flex-col gap-4">
        <FormMessage kind="error">{REGISTRATION_TEXT.missingIds}</FormMessage>
        <a href="/events" className="btn-secondary self-start">
          See all events
        </a>
      </div>
    );
  }
  if (stage.kind === 'unreachable') {
    return (
      <LoadFailed
        text="The webinar could not be loaded. Please try again."
        onRetry={() => setAttempt((n) => n + 1)}
        className="mt-5 flex flex-col gap-4"
      />
    );
  }

  const { webinar } = stage;
  return (
    <div className="mt-5 flex flex-col gap-5">
      <WebinarSummary webinar={webinar} />
      {stage.kind === 'ended' ? (
        <div className="flex flex-col gap-3" data-testid="registration-ended">
          {/* The replay is promised only while there is none to offer. */}
          <FormMessage kind="info">
            {webinar.replayLink ? REGISTRATION_TEXT.endedWithReplay : REGISTRATION_TEXT.ended}
          </FormMessage>
          {webinar.replayLink && (
            <a href={webinar.replayLink} target="_blank" rel="noopener" className="btn-primary self-start">
              Watch Replay
            </a>
          )}
        </div>
      ) : stage.kind === 'done' ? (
        <div
          className="card flex scroll-mt-24 scroll-mb-24 flex-col gap-2 p-5 outline-none"
          data-testid="registration-success"
          tabIndex={-1}
          ref={showOnMount}
        >
          <FormMessage kind="success">{REGISTRATION_TEXT.success}</FormMessage>
          <p className="text-sm">
            Your confirmation and calendar invite go to {stage.email} (one per address: registering again sends nothing
            new).
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            {webinar.company_symbol && (
              <a href={`/stocks/${webinar.company_symbol}`} className="btn-secondary">
                Research {webinar.company_symbol}
              </a>
            )}
            <a href="/events" className="btn-secondary">
              More events
            </a>
          </div>
        </div>
      ) : (
        <form className="card flex flex-col gap-4 p-5" noValidate onSubmit={(e) => void submit(e)}>
          {failure && <FormMessage kind="error">{failure}</FormMessage>}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="First name"
              name="first_name"
              autoComplete="given-name"
              required
              maxLength={REGISTRATION_LIMITS.first_name}
              value={values.first_name}
              onChange={set('first_name')}
              error={errors.first_name}
            />
            <Field
              label="Last name"
              name="last_name"
              autoComplete="family-name"
              required
              maxLength={REGISTRATION_LIMITS.last_name}
              value={values.last_name}
              onChange={set('last_name')}
              error={errors.last_name}
            />
          </div>
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={REGISTRATION_LIMITS.email}
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
          <Field
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            required
            maxLength={30}
            value={values.phone}
            onChange={set('phone')}
            error={errors.phone}
            hint="10 to 15 digits, with the country code outside the US."
          />
          <Field
            label="Company name"
            name="company_name"
            autoComplete="organization"
            required
            maxLength={REGISTRATION_LIMITS.company_name}
            value={values.company_name}
            onChange={set('company_name')}
            error={errors.company_name}
          />
          <Field
            label="Job title (optional)"
            name="job_title"
            autoComplete="organization-title"
            maxLength={REGISTRATION_LIMITS.job_title}
            value={values.job_title}
            onChange={set('job_title')}
            error={errors.job_title}
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Reminders 24 hours and 1 hour before</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {REMINDER_CHOICES.map((choice) => (
                <label key={choice} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="reminders"
                    value={choice}
                    checked={reminders === choice}
                    onChange={() => setReminders(choice)}
                  />
                  {REMINDER_LABELS[choice]}
                </label>
              ))}
            </div>
          </fieldset>
          <SubmitButton busy={busy} busyLabel="Registering…">
            Register
          </SubmitButton>
        </form>
      )}
    </div>
  );
}

function WebinarSummary({ webinar }: { webinar: Webinar }) {
  return (
    <section className="card overflow-hidden" aria-label="The webinar" data-testid="webinar-summary">
      {webinar.image_url && (
        <img
          src={webinar.image_url}
          alt=""
          width="1200"
          height="630"
          className="aspect-[1200/630] max-h-56 w-full object-cover object-top"
        />
      )}
      <div className="flex flex-col gap-1 p-5">
        <h2 className="text-xl font-bold">{webinar.title}</h2>
        {webinar.company_symbol && (
          <p className="text-sm text-muted">
            {webinar.company_name ?? webinar.company_symbol}{' '}
            <a href={`/stocks/${webinar.company_symbol}`} className="font-semibold text-primary hover:underline">
              {webinar.company_symbol}
            </a>
          </p>
        )}
        <p className="font-semibold">
          <time dateTime={webinar.upcoming_date}>{formatEventTime(new Date(webinar.upcoming_date))}</time>
        </p>
        {webinar.agenda && <p className="text-sm">{webinar.agenda}</p>}
      </div>
    </section>
  );
}
