/**
 * A life-science company's drug pipeline: its bio phases, and how far they
 * have come by the page's own grouping (docs/product.md §22.6). The company's
 * texts take their claims from it: a late-stage pipeline only with a Phase 3
 * or completed programme, a pipeline at all only with bio phases.
 */
import { bioPhaseGroupOf, type BioPhaseGroupName } from '../../lib/company.ts';
import { addDays } from '../../lib/market-calendar.ts';
import type { Random } from './random.ts';
import type { bioPhases } from '../schema.ts';
import { DRUG_PREFIXES, INDICATIONS, STAGE_TEXTS } from './words/company-pages.ts';

export type BioPhaseRow = typeof bioPhases.$inferInsert;

/** How far a pipeline has come: its furthest programme still counted (a failed one is not). */
export type PipelineStage = 'early' | 'mid' | 'late';

const STAGE_OF_GROUP: Partial<Record<BioPhaseGroupName, PipelineStage>> = {
  'Phase 1': 'early',
  'Phase 2': 'mid',
  'Phase 3': 'late',
  Completed: 'late',
};
const STAGE_ORDER: readonly PipelineStage[] = ['early', 'mid', 'late'];

export function pipelineStage(stages: readonly string[]): PipelineStage | null {
  let furthest = -1;
  for (const stage of stages) {
    const group = bioPhaseGroupOf(stage);
    const reached = group ? STAGE_OF_GROUP[group] : undefined;
    if (reached) furthest = Math.max(furthest, STAGE_ORDER.indexOf(reached));
  }
  return STAGE_ORDER[furthest] ?? null;
}

/** The bio-phase group a screener pipeline value belongs to, so the first programme agrees with the screener. */
function groupOfScreenerStage(stage: string): string {
  if (stage === 'Failed') return 'Failed';
  if (stage === 'Approved' || stage === 'Phase 4') return 'Completed';
  if (['Phase 3', 'Phase 2/3', 'NDA', 'sNDA', 'BLA', 'PDUFA'].includes(stage)) return 'Phase 3';
  if (stage.startsWith('Phase 2') || stage === 'Phase 1/2') return 'Phase 2';
  return 'Phase 1';
}

/** One to five programmes for a company with a pipeline stage in the screener (life sciences); none otherwise. */
export function generateBioPhases(
  company: { symbol: string; bioPhasePipelines: string | null },
  r: Random,
  asOf: string,
): BioPhaseRow[] {
  if (!company.bioPhasePipelines) return [];
  const programmes = r.int(1, 5);
  const rows: BioPhaseRow[] = [];
  for (let k = 0; k < programmes; k++) {
    const group = k === 0 ? groupOfScreenerStage(company.bioPhasePipelines) : r.pick(Object.keys(STAGE_TEXTS));
    const milestone = r.pick(STAGE_TEXTS[group]!);
    const indication = r.pick(INDICATIONS);
    const drugName = `${r.pick(DRUG_PREFIXES)}-${r.int(100, 999)}`;
    const date = r.chance(0.9) ? addDays(asOf, -r.int(0, 500)) : null;
    rows.push({
      companySymbol: company.symbol,
      stage: `${milestone} in ${indication}`,
      drugName,
      date,
      rawTextLink: null,
      ...trialOf(group, indication, date ?? asOf, r.fork(`trial:${k}`)),
    });
  }
  return rows;
}

/** The month of a day, as the registry writes a partial date. */
const monthOf = (day: string) => day.slice(0, 7);

/**
 * What a trial registry would say of a demo programme (docs/product.md §9.13): its condition, status,
 * dates and, when it failed, why it stopped. Drawn from a fork of the company's random stream, so the
 * rest of the company's demo data is what it was.
 */
function trialOf(group: string, indication: string, milestoneDay: string, r: Random): Partial<BioPhaseRow> {
  const started = addDays(milestoneDay, -r.int(120, 900));
  const ends =
    group === 'Completed' || group === 'Failed'
      ? addDays(milestoneDay, -r.int(0, 60))
      : addDays(milestoneDay, r.int(180, 1100));
  const status =
    group === 'Failed'
      ? r.pick(['TERMINATED', 'WITHDRAWN'])
      : group === 'Completed'
        ? 'COMPLETED'
        : r.pick(['RECRUITING', 'RECRUITING', 'ACTIVE_NOT_RECRUITING', 'NOT_YET_RECRUITING']);
  return {
    source: 'demo',
    status,
    whyStopped:
      group === 'Failed' ? r.pick(['Did not meet its primary endpoint', 'Sponsor decision', 'Slow enrollment']) : null,
    conditions: [indication],
    startDate: monthOf(started),
    completionDate: monthOf(ends),
    sponsorRole: 'lead',
    registryUpdatedOn: milestoneDay,
  };
}

/** What a company's strategy sentence may say of its programmes: nothing without a pipeline. */
export function pipelineStrategies(stage: PipelineStage | null): string[] {
  if (stage === 'late') return ['bringing its lead programme to market and partnering the rest of its pipeline'];
  if (stage) return ['advancing its lead programme through clinical trials'];
  return [];
}

/** What a value proposition may offer investors of its programmes: a late-stage pipeline only when it is one. */
export function pipelineOffers(stage: PipelineStage | null): string[] {
  if (stage === 'late') return ['a de-risked late-stage pipeline'];
  if (stage === 'mid') return ['a mid-stage clinical pipeline'];
  if (stage === 'early') return ['an early-stage clinical pipeline'];
  return [];
}
