/**
 * A client company's own pages (docs/product.md §9.3–§9.5): the client
 * record, the landing page and the management team's cards. The team is the
 * company's people (people.ts), and what the landing page says of a pipeline
 * comes from its bio phases (pipeline.ts).
 */
import { presentationPath } from '../../lib/company.ts';
import { escapeHtml } from '../../lib/markup.ts';
import { addDays } from '../../lib/market-calendar.ts';
import type { Person } from './people.ts';
import type { PipelineStage } from './pipeline.ts';
import { pipelineOffers } from './pipeline.ts';
import type { Random } from './random.ts';
import type { clients, companyLandingPages, companyLeaders } from '../schema.ts';

export interface ClientCompany {
  symbol: string;
  name: string;
  sectorName: string;
  industry: string;
}

export interface ClientPages {
  client: typeof clients.$inferInsert;
  landingPage: typeof companyLandingPages.$inferInsert;
  leaders: (typeof companyLeaders.$inferInsert)[];
}

export function generateClientPages(
  c: ClientCompany,
  r: Random,
  context: {
    asOf: string;
    domain: string;
    specialistId: number;
    team: readonly Person[];
    pipeline: PipelineStage | null;
  },
): ClientPages {
  const { asOf, domain, team, pipeline } = context;
  const client = {
    companySymbol: c.symbol,
    active: true,
    contract: `Investor-relations programme, 12 months from ${addDays(asOf, -r.int(30, 300))}`,
    disclosure:
      `<p>RedCap Research has been compensated by ${escapeHtml(c.name)} for investor-relations services, including ` +
      `this company page, for a period of twelve months. Nothing on this page is investment advice. ` +
      `See our <a href="/terms">terms</a> for our full disclosure policy.</p><p>Demo disclosure generated for demonstration.</p>`,
    assignedSpecialistId: context.specialistId,
    topicArn: r.chance(0.6) ? `arn:aws:sns:us-east-1:000000000000:news-${c.symbol.toLowerCase()}` : null,
  };
  // A commercial launch is near only for a company whose pipeline is late-stage, or one without a pipeline.
  const goals = ['profitability', 'cash-flow break-even', 'a larger addressable market'];
  if (pipeline === null || pipeline === 'late') goals.push('commercial launch');
  const highlights = [
    `A clear path to ${r.pick(goals)} within ${r.int(12, 36)} months`,
    `${r.pick(['Recurring', 'Contracted', 'Growing'])} revenue up ${r.int(12, 80)}% year over year`,
    `Management and directors own ${r.int(5, 35)}% of the shares`,
    `Cash runway into ${Number(asOf.slice(0, 4)) + r.int(1, 3)}`,
    `${r.int(2, 9)} catalysts expected over the next twelve months`,
  ];
  const achievements = ['expanded its margins', 'signed new long-term agreements', 'strengthened its balance sheet'];
  if (pipeline) achievements.push('advanced its lead programme');
  const offers = [
    'a differentiated technology platform',
    'a capital-light operating model',
    'assets valued well below replacement cost',
    ...pipelineOffers(pipeline),
  ];
  const hasExtra = r.chance(0.5);
  const extraTitleTwo = r.chance(0.3) ? 'Environmental, Social and Governance' : null;
  const landingPage = {
    companySymbol: c.symbol,
    title: `${c.name} (${c.symbol})`,
    seo: `${c.name} (${c.symbol}): company overview, investor presentation, management and news.`,
    subtitle: `A ${c.sectorName.toLowerCase()} company building value in ${c.industry.toLowerCase()}`,
    overview:
      `<p>${escapeHtml(c.name)} operates in ${escapeHtml(c.industry.toLowerCase())}. ` +
      `The company serves customers across ${r.pick(['North America', 'the United States and Europe', 'more than twenty countries'])} and employs a focused team of specialists.</p>` +
      `<p>${r.pick(['Over the last year', 'Since its listing', 'In the most recent quarter'])} the company has ${r.pick(achievements)}.</p>`,
    valuepropTitle: 'Value Proposition',
    valueProp: r.chance(0.9)
      ? `<p>${escapeHtml(c.name)} offers investors a small-cap way into ${escapeHtml(c.industry.toLowerCase())}, with ${r.pick(offers)}.</p>`
      : null,
    investmentHighlights: r.chance(0.92)
      ? `<ul>${highlights.map((h) => `<li>${escapeHtml(h)}</li>`).join('')}</ul>`
      : null,
    highlights: null,
    presentation: presentationPath(c.symbol),
    presentationTitle: `${c.name} Investor Presentation`,
    extraTitle: hasExtra ? r.pick(['Recent Milestones', 'Market Opportunity', 'Competitive Position']) : null,
    extraInfo: hasExtra
      ? `<p>${escapeHtml(c.name)} reached ${r.int(2, 6)} milestones this year, ahead of its published timeline.</p>`
      : null,
    extraTitleTwo,
    // The second extra section's text follows its title.
    extraInfoTwo: extraTitleTwo
      ? `<p>${escapeHtml(c.name)} publishes an annual sustainability report and has a majority-independent board.</p>`
      : null,
    jumboVideo: null,
    jumbotronGradientOpacity: 0.55,
    jumbotronTitleColor: '#ffffff',
    jumbotronSubtitleColor: '#f3f4f6',
    letter: null,
    askceoTitle: `Ask the CEO of ${c.name}`,
    customStyle: null,
    websiteUrl: `https://www.${domain}`,
    podcastLink: r.chance(0.6) ? `https://open.spotify.com/embed/episode/${podcastId(r)}` : null,
    active: true,
  };
  const leaders = team.map(({ name, title }, k) => ({
    companySymbol: c.symbol,
    name,
    title,
    description:
      `<p>${escapeHtml(name)} joined ${escapeHtml(c.name)} in ${Number(asOf.slice(0, 4)) - r.int(1, 12)} as ${escapeHtml(title)}.</p>` +
      `<p>Before that, ${escapeHtml(name.split(' ')[0]!)} spent ${r.int(6, 22)} years at ${r.pick(['a global investment bank', 'a large-cap peer', 'a leading consultancy', 'an early-stage venture fund'])}, ` +
      `where ${r.pick(['they led', 'they built', 'they ran'])} ${r.pick(['corporate development', 'the operations group', 'the research programme', 'finance and strategy'])}.</p>` +
      `<ul><li>${r.pick(['MBA', 'PhD', 'JD', 'MSc'])}, ${r.pick(['Stanford University', 'University of Chicago', 'Columbia University', 'Duke University', 'University of Michigan'])}</li></ul>`,
    headshotUrl: `/api/covers/headshot.svg?name=${encodeURIComponent(name)}`,
    sortOrder: k,
  }));
  return { client, landingPage, leaders };
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const podcastId = (r: Random) => Array.from({ length: 22 }, () => r.pick([...ID_ALPHABET])).join('');
