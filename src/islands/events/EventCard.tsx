/**
 * An event card (docs/product.md §12.2): picture, company name, symbol link, date and time
 * in Eastern Time, favorite heart and Register; a webinar that took place
 * offers its replay instead.
 */
import { registrationPath, webinarHasEnded } from '../../lib/event-registration.ts';
import type { EventRecord } from '../../lib/content-records.ts';
import { formatEventTime } from '../../lib/time-format.ts';
import FavoriteToggle from '../content/FavoriteToggle.tsx';

export type EventCardItem = EventRecord & { isFavorite: boolean };

/**
 * `now` is when the list was read: it decides whether a card offers registration or the replay. `eager`: the
 * picture is on the first screen, so it is fetched at once rather than once laid out.
 */
export default function EventCard({
  event,
  now,
  eager = false,
}: {
  event: EventCardItem;
  now: number;
  eager?: boolean;
}) {
  const when = new Date(event.upcoming_date);
  const over = webinarHasEnded(event.archived, Date.parse(event.upcoming_date), now);
  const company = event.Company?.name ?? event.company_symbol;
  const registration = over ? null : registrationPath(event.form_url, event.zoom_id);
  return (
    <li className="card flex flex-col overflow-hidden" data-testid="event-card">
      {event.image_url ? (
        <img
          src={event.image_url}
          alt=""
          width="1200"
          height="630"
          loading={eager ? 'eager' : 'lazy'}
          className="aspect-[1200/630] w-full bg-surface-2 object-cover"
        />
      ) : (
        <div className="aspect-[1200/630] w-full bg-surface-2" aria-hidden="true" />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start gap-2">
          <h3 className="flex-1 leading-snug font-bold">{event.title}</h3>
          <FavoriteToggle kind="event" id={event.id} label={event.title} initial={event.isFavorite} />
        </div>
        {event.company_symbol && (
          <p className="text-sm text-muted">
            {company}{' '}
            <a
              href={`/stocks/${event.company_symbol}`}
              className="font-semibold text-primary hover:underline"
              data-testid="event-symbol"
            >
              {event.company_symbol}
            </a>
          </p>
        )}
        <p className="text-sm font-semibold">
          <time dateTime={event.upcoming_date}>{formatEventTime(when)}</time>
        </p>
        <div className="mt-auto pt-2">
          {registration ? (
            <a href={registration} className="btn-primary w-full">
              Register
            </a>
          ) : over && event.archive_url ? (
            <a href={event.archive_url} target="_blank" rel="noopener" className="btn-secondary w-full">
              Watch Replay
            </a>
          ) : (
            <p className="text-sm text-muted">
              {over ? 'The replay will be available soon.' : 'Registration opens soon.'}
            </p>
          )}
        </div>
      </div>
    </li>
  );
}

/** The grid's placeholder while a page loads (docs/product.md §12.1, §21.1: eight of them). */
export function EventCardSkeleton() {
  return (
    <li className="card flex animate-pulse flex-col overflow-hidden" data-testid="event-skeleton" aria-hidden="true">
      <div className="aspect-[1200/630] w-full bg-surface-2" />
      <div className="flex flex-col gap-2 p-4">
        <div className="h-4 w-4/5 rounded bg-surface-2" />
        <div className="h-3 w-1/2 rounded bg-surface-2" />
        <div className="h-3 w-2/3 rounded bg-surface-2" />
        <div className="mt-2 h-9 w-full rounded-lg bg-surface-2" />
      </div>
    </li>
  );
}
