/**
 * Demo webinars for the client companies: past ones over the last twelve
 * months (archived, with replays) and upcoming ones over the next six, on
 * weekdays, mostly between 11:00 and 16:00 New York time. Virtual
 * conference days put several clients on one day, and a few sessions sit
 * where times are easy to get wrong: the days around the DST changes and
 * evening sessions on the last day of a month or year, which are already the
 * next day in UTC. Pure and deterministic for a seed.
 */
import { newYorkInstant } from '../../lib/event-ranges.ts';
import { addDays, weekday } from '../../lib/market-calendar.ts';
import type { events } from '../schema.ts';
import { youtubeId } from './content.ts';
import { createRandom, type Random } from './random.ts';

export type EventRow = typeof events.$inferInsert;

export interface EventCompany {
  symbol: string;
  name: string;
}

const PAST_DAYS = 365;
const AHEAD_DAYS = 182;

const SESSION_KINDS = [
  {
    title: 'Quarterly Update',
    agenda: 'Management reviews the quarter’s results and answers questions from investors.',
  },
  {
    title: 'Investor Day',
    agenda: 'The leadership team presents the strategy, the pipeline and the financial outlook.',
  },
  {
    title: 'Fireside Chat with the CEO',
    agenda: 'An informal conversation with the chief executive, then open questions.',
  },
  {
    title: 'Business Update Webinar',
    agenda: 'Recent milestones, upcoming catalysts and live questions from shareholders.',
  },
  {
    title: 'Earnings Call Webcast',
    agenda: 'Results for the quarter, guidance for the year and the analysts’ questions.',
  },
] as const;

/** Start times in minutes after midnight, New York time: mostly 11:00 to 16:00. */
const USUAL_STARTS = [11 * 60, 11 * 60 + 30, 12 * 60, 13 * 60, 13 * 60 + 30, 14 * 60, 14 * 60 + 30, 15 * 60, 16 * 60];
const EARLY_OR_LATE = [9 * 60 + 30, 10 * 60, 17 * 60];

const FORM_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** The card picture: kept per company and month (docs/product.md §18.14), drawn like the covers. */
export const webinarImage = (symbol: string, date: string) => `/api/covers/webinar/${symbol}.svg?m=${date.slice(0, 7)}`;

/** Saturdays move to the Friday before, Sundays to the Monday after: webinars run on weekdays. */
function onWeekday(date: string): string {
  const day = weekday(date);
  return day === 6 ? addDays(date, -1) : day === 0 ? addDays(date, 1) : date;
}

/** The n-th Sunday of a month (DST starts on the second Sunday of March and ends on the first of November). */
function nthSunday(year: number, month: number, n: number): string {
  let date = `${year}-${String(month).padStart(2, '0')}-01`;
  while (weekday(date) !== 0) date = addDays(date, 1);
  return addDays(date, 7 * (n - 1));
}

function lastDayOfMonth(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}

export function generateEvents(seed: string, asOf: string, clients: readonly EventCompany[]): EventRow[] {
  const random = createRandom(`${seed}:events`);
  const rows: EventRow[] = [];
  if (clients.length === 0) return rows;
  const zoomIds = new Set<string>();
  const newZoomId = (r: Random) => {
    let id: string;
    do id = String(81_000_000_000 + r.int(0, 8_999_999_999));
    while (zoomIds.has(id));
    zoomIds.add(id);
    return id;
  };
  const first = addDays(asOf, -PAST_DAYS);
  const last = addDays(asOf, AHEAD_DAYS);
  const inWindow = (date: string) => date >= first && date <= last;

  const add = (r: Random, company: EventCompany, date: string, minutes: number, title: string, agenda: string) => {
    const past = date < asOf;
    const zoomId = newZoomId(r);
    rows.push({
      title,
      companySymbol: company.symbol,
      upcomingDate: newYorkInstant(date, minutes),
      isActive: true,
      archived: past,
      archiveUrl: past ? `https://www.youtube.com/watch?v=${youtubeId(r)}` : null,
      zoomUrl: `https://zoom.us/j/${zoomId}`,
      formUrl: Array.from({ length: 10 }, () => r.pick([...FORM_ALPHABET])).join(''),
      zoomId,
      imageUrl: webinarImage(company.symbol, date),
      agenda,
    });
  };

  // Each client's own sessions: two to four behind, one or two ahead.
  for (const company of clients) {
    const r = random.fork(`client:${company.symbol}`);
    const sessions = [
      ...Array.from({ length: r.int(2, 4) }, () => -r.int(3, PAST_DAYS)),
      ...Array.from({ length: r.int(1, 2) }, () => r.int(1, AHEAD_DAYS)),
    ];
    for (const offset of sessions) {
      const kind = r.pick(SESSION_KINDS);
      const minutes = r.chance(0.1) ? r.pick(EARLY_OR_LATE) : r.pick(USUAL_STARTS);
      add(r, company, onWeekday(addDays(asOf, offset)), minutes, `${company.name} ${kind.title}`, kind.agenda);
    }
  }

  // Virtual conference days: one behind, two ahead, clients presenting half an hour apart.
  for (const [i, offset] of [-random.int(40, 200), random.int(10, 40), random.int(60, 150)].entries()) {
    const r = random.fork(`conference:${i}`);
    const date = onWeekday(addDays(asOf, offset));
    const pool = [...clients];
    for (let k = pool.length - 1; k > 0; k--) {
      const j = r.int(0, k);
      [pool[k], pool[j]] = [pool[j]!, pool[k]!];
    }
    const presenters = pool.slice(0, r.int(4, 6));
    for (const [slot, company] of presenters.entries()) {
      add(
        r,
        company,
        date,
        10 * 60 + slot * 30,
        `Small-Cap Virtual Investor Conference: ${company.name}`,
        `${company.name} presents at the conference, followed by questions from investors.`,
      );
    }
  }

  // Where time zones bite: around the DST changes, and evenings at the end of a month or year.
  const edges = random.fork('edges');
  const year = Number(asOf.slice(0, 4));
  for (const y of [year - 1, year, year + 1]) {
    for (const change of [nthSunday(y, 3, 2), nthSunday(y, 11, 1)]) {
      for (const [date, minutes] of [
        [addDays(change, -2), 15 * 60],
        [addDays(change, 1), 11 * 60],
      ] as const) {
        if (!inWindow(date)) continue;
        const company = edges.pick(clients);
        const kind = edges.pick(SESSION_KINDS);
        add(edges, company, date, minutes, `${company.name} ${kind.title}`, kind.agenda);
      }
    }
  }
  for (let month = -12; month <= 6; month += 2) {
    const [y, m] = asOf.split('-').map(Number) as [number, number];
    const shifted = new Date(Date.UTC(y, m - 1 + month, 1)).toISOString().slice(0, 10);
    // The month's last weekday: 20:30 there is already the next day (and month) in UTC.
    let date = lastDayOfMonth(shifted);
    while (weekday(date) === 0 || weekday(date) === 6) date = addDays(date, -1);
    if (!inWindow(date)) continue;
    const company = edges.pick(clients);
    add(
      edges,
      company,
      date,
      20 * 60 + 30,
      `${company.name} Evening Fireside Chat`,
      'An after-hours conversation with management for investors who cannot join during the trading day.',
    );
  }
  const yearEnd = `${year}-12-31`;
  if (inWindow(yearEnd) && weekday(yearEnd) !== 0 && weekday(yearEnd) !== 6) {
    const company = edges.pick(clients);
    add(
      edges,
      company,
      yearEnd,
      15 * 60,
      `${company.name} Year-End Outlook`,
      'The year in review and the plan for the next.',
    );
  }

  return rows.sort((a, b) => (a.upcomingDate as Date).getTime() - (b.upcomingDate as Date).getTime());
}
