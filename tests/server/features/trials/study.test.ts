/**
 * Studies as ClinicalTrials.gov's API v2 answers them (saved real answers): pages and single
 * studies read into trials with their phases, status, drugs, conditions, partial dates and
 * sponsors; what is not an answer refused with its key, a study that cannot be read refused alone.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  phaseLabel,
  readStudiesAnswer,
  trialStage,
  TrialDocumentError,
} from '../../../../src/server/features/trials/study.ts';
import { bioPhaseGroupOf } from '../../../../src/lib/company.ts';
import { formatPartialDate, trialStatusLabel } from '../../../../src/lib/trials.ts';

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../../../fixtures/clinicaltrials/${name}`, import.meta.url), 'utf8');

describe('a page of studies', () => {
  it('reads each study with its sponsor, phase, status, drugs, conditions and dates, and the next page token', () => {
    const page = readStudiesAnswer(fixture('studies-usc-xynomic-page.json'), 'page');
    expect(page.nextPageToken).toEqual(expect.any(String));
    expect(page.refused).toEqual([]);
    const [usc, xynomic] = page.trials;
    expect(usc).toMatchObject({
      nctId: 'NCT00184067',
      phase: 'Phase 2',
      status: 'TERMINATED',
      whyStopped: 'Primary PI left institution',
      startDate: '2004-05',
      leadSponsor: { name: 'University of Southern California', class: 'OTHER' },
    });
    expect(xynomic).toMatchObject({
      nctId: 'NCT03934567',
      phases: ['PHASE2'],
      status: 'ACTIVE_NOT_RECRUITING',
      interventions: ['Abexinostat'],
      leadSponsor: { name: 'Xynomic Pharmaceuticals, Inc.', class: 'INDUSTRY' },
      collaborators: [],
      lastUpdated: '2025-04-10',
    });
    expect(xynomic!.conditions.length).toBeGreaterThan(0);
  });

  it('gives a Phase 1/2 trial both phases, leaves placebo and saline out of its drugs, and reads a projection without classes or date types', () => {
    const page = readStudiesAnswer(fixture('studies-phelan-page1.json'), 'page');
    const combined = page.trials.find((t) => t.nctId === 'NCT05105685')!;
    expect(combined.phases).toEqual(['PHASE1', 'PHASE2']);
    expect(combined.phase).toBe('Phase 1/2');
    expect(combined.interventions).toEqual(['recombinant human growth hormone']);
    expect(combined.leadSponsor).toEqual({ name: 'Affiliated Hospital of Jiangnan University', class: null });
    // A device study of no phase is not a drug trial.
    expect(page.trials.find((t) => t.nctId === 'NCT07119606')!.phases).toEqual([]);
  });

  it('reads one study answered alone, with its collaborators', () => {
    const [study] = readStudiesAnswer(fixture('study-NCT02210780-regeneron-sanofi.json'), 'study').trials;
    expect(study).toMatchObject({
      nctId: 'NCT02210780',
      leadSponsor: { name: 'Regeneron Pharmaceuticals', class: 'INDUSTRY' },
      collaborators: [{ name: 'Sanofi', class: 'INDUSTRY' }],
      interventions: ['Dupilumab'],
      status: 'COMPLETED',
    });
    const tocagen = readStudiesAnswer(fixture('study-NCT02576665-tocagen.json'), 'study').trials[0]!;
    expect(tocagen).toMatchObject({
      status: 'TERMINATED',
      whyStopped: 'Sponsor decision',
      startDate: '2016-07',
      phase: 'Phase 1',
    });
  });

  it('refuses a study without an NCT number alone, and an answer that is neither a page nor a study whole', () => {
    const answer = JSON.parse(fixture('studies-usc-xynomic-page.json')) as {
      studies: { protocolSection: { identificationModule: { nctId: string } } }[];
    };
    answer.studies[0]!.protocolSection.identificationModule.nctId = 'NCT-1';
    const page = readStudiesAnswer(JSON.stringify(answer), 'saved.json');
    expect(page.trials.map((t) => t.nctId)).toEqual(['NCT03934567']);
    expect(page.refused[0]!.message).toBe(
      'saved.json studies[0]: protocolSection.identificationModule.nctId is not an NCT number',
    );
    expect(() => readStudiesAnswer('{"data": []}', 'other.json')).toThrow(TrialDocumentError);
    expect(() => readStudiesAnswer('{"studies": [', 'cut.json')).toThrow('cut.json: is not JSON.');
  });
});

describe('a trial on the company page', () => {
  it('is grouped by its phase while it runs, as Failed when terminated or withdrawn, as Completed when completed', () => {
    const group = (phase: string, status: string) => bioPhaseGroupOf(trialStage({ phase, status }));
    expect(group('Phase 1/2', 'RECRUITING')).toBe('Phase 2');
    expect(group('Phase 2/3', 'ACTIVE_NOT_RECRUITING')).toBe('Phase 3');
    expect(group('Early Phase 1', 'ENROLLING_BY_INVITATION')).toBe('Phase 1');
    expect(group('Phase 2', 'TERMINATED')).toBe('Failed');
    expect(group('Phase 3', 'WITHDRAWN')).toBe('Failed');
    expect(group('Phase 3', 'COMPLETED')).toBe('Completed');
    expect(phaseLabel(['EARLY_PHASE1'])).toBe('Early Phase 1');
  });

  it('writes the registry’s statuses and partial dates as people read them', () => {
    expect(trialStatusLabel('ACTIVE_NOT_RECRUITING')).toBe('Active, not recruiting');
    expect(trialStatusLabel('TEMPORARILY_NOT_AVAILABLE')).toBe('Temporarily not available');
    expect(formatPartialDate('2016-07')).toBe('Jul 2016');
    expect(formatPartialDate('2019-12-20')).toBe('Dec 20, 2019');
    expect(formatPartialDate('2021')).toBe('2021');
  });
});
