/**
 * A study as ClinicalTrials.gov's API v2 answers it (`GET /api/v2/studies`, a page of `studies`, or
 * `GET /api/v2/studies/{nctId}`, one study), read into the trial a company page shows: its NCT
 * number, title, phases, overall status (and why it stopped), the drugs or other interventions, the
 * conditions, its dates and its sponsors. Only what the page uses is checked; the registry adds
 * fields over time and they are let through. Dates are the registry's partial dates (`2024`,
 * `2024-05` or `2024-05-17`) and are kept as written.
 */
import { z } from 'zod';
import { trialStatusLabel } from '../../../lib/trials.ts';
import { SourceDocumentError } from '../../platform/source-client.ts';
import { shown } from '../imports/index.ts';

/** A study or an answer of the registry that cannot be read: refused with its key, the rest goes on. */
export class TrialDocumentError extends SourceDocumentError {
  override readonly name = 'TrialDocumentError';
  constructor(document: string, problem: string) {
    super(document, problem, `${shown(document)}: ${problem}`);
  }
}

const partialDate = z
  .object({
    date: z.string().regex(/^\d{4}(-\d{2}){0,2}$/, 'is not a date of the registry (yyyy, yyyy-MM or yyyy-MM-dd)'),
  })
  .optional();
const sponsor = z.object({ name: z.string().min(1), class: z.string().optional() });

const studySchema = z.object({
  protocolSection: z.object({
    identificationModule: z.object({
      nctId: z.string().regex(/^NCT\d{8}$/, 'is not an NCT number'),
      briefTitle: z.string().optional(),
      officialTitle: z.string().optional(),
    }),
    statusModule: z.object({
      overallStatus: z.string().min(1),
      lastKnownStatus: z.string().optional(),
      whyStopped: z.string().optional(),
      startDateStruct: partialDate,
      primaryCompletionDateStruct: partialDate,
      completionDateStruct: partialDate,
      lastUpdatePostDateStruct: partialDate,
    }),
    sponsorCollaboratorsModule: z
      .object({ leadSponsor: sponsor.optional(), collaborators: z.array(sponsor).optional() })
      .optional(),
    designModule: z.object({ studyType: z.string().optional(), phases: z.array(z.string()).optional() }).optional(),
    armsInterventionsModule: z
      .object({ interventions: z.array(z.object({ type: z.string().optional(), name: z.string() })).optional() })
      .optional(),
    conditionsModule: z.object({ conditions: z.array(z.string()).optional() }).optional(),
  }),
});

export const TRIAL_PHASES = ['EARLY_PHASE1', 'PHASE1', 'PHASE2', 'PHASE3', 'PHASE4'] as const;
type TrialPhase = (typeof TRIAL_PHASES)[number];

export interface Sponsor {
  name: string;
  /** INDUSTRY, NIH, OTHER, …; unknown when the answer left it out. */
  class: string | null;
}

export interface Trial {
  nctId: string;
  title: string;
  /** The drug-development phases it is in (a Phase 1/2 trial is in both), earliest first. */
  phases: TrialPhase[];
  /** 'Phase 1/2', 'Early Phase 1', 'Phase 3'. */
  phase: string;
  status: string;
  whyStopped: string | null;
  interventions: string[];
  conditions: string[];
  startDate: string | null;
  primaryCompletionDate: string | null;
  completionDate: string | null;
  lastUpdated: string | null;
  leadSponsor: Sponsor | null;
  collaborators: Sponsor[];
}

/** 'Phase 1/2' for ['PHASE1', 'PHASE2'], 'Early Phase 1', 'Phase 3'. */
export function phaseLabel(phases: readonly TrialPhase[]): string {
  if (phases.length === 0) return 'Not applicable';
  if (phases.length === 1 && phases[0] === 'EARLY_PHASE1') return 'Early Phase 1';
  const numbers = [...new Set(phases.map((p) => p.replace(/^EARLY_PHASE/, '').replace(/^PHASE/, '')))];
  return `Phase ${numbers.join('/')}`;
}

/**
 * The stage a company page groups a trial by (docs/product.md §22.6): its phase and its status, so a
 * terminated or withdrawn trial is Failed, a completed one Completed, and a running one in its phase.
 */
export const trialStage = (trial: Pick<Trial, 'phase' | 'status'>): string =>
  `${trial.phase} · ${trialStatusLabel(trial.status)}`;

/** Placebo and the like are not what a company develops: left out of a trial's drugs. */
const NOT_A_PRODUCT = /^(placebo|saline|vehicle|standard of care|best supportive care)\b/i;

const sortedPhases = (phases: readonly string[]): TrialPhase[] => TRIAL_PHASES.filter((p) => phases.includes(p));

function issuePath(issue: z.core.$ZodIssue): string {
  return issue.path.map(String).join('.');
}

/** One study of an answer, read; `document` names it in a refusal (a file and the study's place in it). */
export function readStudy(value: unknown, document: string): Trial {
  const parsed = studySchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new TrialDocumentError(document, `${issuePath(issue) || 'the study'} ${issue.message}`.trim());
  }
  const p = parsed.data.protocolSection;
  const status = p.statusModule;
  const phases = sortedPhases(p.designModule?.phases ?? []);
  const interventions = (p.armsInterventionsModule?.interventions ?? [])
    .map((i) => i.name.trim())
    .filter((name) => name && !NOT_A_PRODUCT.test(name));
  const sponsors = p.sponsorCollaboratorsModule;
  return {
    nctId: p.identificationModule.nctId,
    title: (p.identificationModule.briefTitle ?? p.identificationModule.officialTitle ?? '').trim(),
    phases,
    phase: phaseLabel(phases),
    status: status.overallStatus,
    whyStopped: status.whyStopped?.trim() || null,
    interventions: [...new Set(interventions)],
    conditions: [...new Set((p.conditionsModule?.conditions ?? []).map((c) => c.trim()).filter(Boolean))],
    startDate: status.startDateStruct?.date ?? null,
    primaryCompletionDate: status.primaryCompletionDateStruct?.date ?? null,
    completionDate: status.completionDateStruct?.date ?? null,
    lastUpdated: status.lastUpdatePostDateStruct?.date ?? null,
    leadSponsor: sponsors?.leadSponsor
      ? { name: sponsors.leadSponsor.name, class: sponsors.leadSponsor.class ?? null }
      : null,
    collaborators: (sponsors?.collaborators ?? []).map((c) => ({ name: c.name, class: c.class ?? null })),
  };
}

const pageSchema = z.object({ studies: z.array(z.unknown()), nextPageToken: z.string().optional() });

export interface StudiesPage {
  trials: Trial[];
  /** Studies of the page that could not be read, each with why. */
  refused: TrialDocumentError[];
  nextPageToken: string | null;
}

/**
 * An answer of the registry: a page of studies (`{ studies, nextPageToken }`) or one study. A study
 * that cannot be read is refused alone; an answer that is not one of the two is refused whole.
 */
export function readStudiesAnswer(body: string, document: string): StudiesPage {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new TrialDocumentError(document, 'is not JSON.');
  }
  const page = pageSchema.safeParse(json);
  if (!page.success) {
    if (json && typeof json === 'object' && 'protocolSection' in json)
      return { trials: [readStudy(json, document)], refused: [], nextPageToken: null };
    throw new TrialDocumentError(document, 'is neither a page of studies nor a study of ClinicalTrials.gov’s API v2.');
  }
  const trials: Trial[] = [];
  const refused: TrialDocumentError[] = [];
  page.data.studies.forEach((study, i) => {
    try {
      trials.push(readStudy(study, `${document} studies[${i}]`));
    } catch (error) {
      if (!(error instanceof TrialDocumentError)) throw error;
      refused.push(error);
    }
  });
  return { trials, refused, nextPageToken: page.data.nextPageToken ?? null };
}

/** A trial's sponsors with their part in it: the lead first, then the collaborators. */
export const sponsorsOf = (trial: Trial): { name: string; role: 'lead' | 'collaborator' }[] => [
  ...(trial.leadSponsor ? [{ name: trial.leadSponsor.name, role: 'lead' as const }] : []),
  ...trial.collaborators.map((c) => ({ name: c.name, role: 'collaborator' as const })),
];

/** Whether a trial is one a company page shows: a drug-development trial (it has a phase). */
export const isDrugTrial = (trial: Trial): boolean => trial.phases.length > 0;
