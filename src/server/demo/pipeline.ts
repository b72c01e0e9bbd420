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
    rows.push({
      companySymbol: company.symbol,
      stage: `${r.pick(STAGE_TEXTS[group]!)} in ${r.pick(INDICATIONS)}`,
      drugName: `${r.pick(DRUG_PREFIXES)}-${r.int(100, 999)}`,
      date: r.chance(0.9) ? addDays(asOf, -r.int(0, 500)) : null,
      rawTextLink: null,
    });
  }
  return rows;
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
