/**
 * The trials sync against a local server answering ClinicalTrials.gov's paths with saved real
 * answers: each Life Sciences company's trials as lead sponsor or collaborator stored among its bio
 * phases, pages followed, placebo left out, a sponsor only perhaps the company reported, an alias
 * placing it; a change of status updates the trial and alerts the company's followers; a trial no
 * longer listed goes; a study that cannot be read is reported and keeps what was held. The import
 * of saved answers adds without removing, and the Data tab shows the source's runs; staff edit aliases.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTrialRegistry,
  importTrialFiles,
  runTrialsSync,
  type TrialRegistry,
} from '../../../../src/server/features/trials/index.ts';
import { sponsorStudiesUrl } from '../../../../src/server/features/trials/registry.ts';
import { alerts, bioPhases, companies, favoriteCompanies, sourceRuns } from '../../../../src/server/schema.ts';
import { staffHeaders } from '../../../helpers/accounts.ts';
import { addReader } from '../../../helpers/alerts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { startEdgarServer, type EdgarServer } from '../../../helpers/edgar-server.ts';
import { importedCompany } from '../../../helpers/imports.ts';

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../../../fixtures/clinicaltrials/${name}`, import.meta.url), 'utf8');
/** The registry's last page of a query: no studies and no token (its documented way of ending). */
const LAST_PAGE = '{"studies": []}';
const tokenOf = (page: string) => (JSON.parse(page) as { nextPageToken: string }).nextPageToken;
/** One saved study as the one study of a page, as the registry answers a sponsor's query. */
const pageOf = (...studies: string[]) => JSON.stringify({ studies: studies.map((s) => JSON.parse(s) as unknown) });

let registryServer: EdgarServer;
let t: TestApp;
let registry: TrialRegistry;

/** Serves `body` as the registry's answer to a sponsor's query (its first page, or the page of `token`). */
const answer = (sponsor: string, body: string, token: string | null = null) =>
  registryServer.put(
    new URL(sponsorStudiesUrl(registryServer.url, sponsor, token)).pathname +
      new URL(sponsorStudiesUrl(registryServer.url, sponsor, token)).search,
    body,
  );

const trialsOf = (symbol: string) =>
  t.database.db
    .select()
    .from(bioPhases)
    .where(and(eq(bioPhases.companySymbol, symbol), eq(bioPhases.source, 'clinicaltrials.gov')))
    .orderBy(bioPhases.nctId);

beforeAll(async () => {
  registryServer = await startEdgarServer();
  t = await createTestApp();
  registry = createTrialRegistry({
    url: registryServer.url,
    requestsPerSecond: 1,
    userAgent: 'RedCap Research admin@redcap.example',
    sleep: async () => {},
  });
  await t.database.db
    .insert(companies)
    .values([
      importedCompany({ symbol: 'NEU', name: 'Neuren Pharmaceuticals Limited Ordinary Shares' }),
      importedCompany({ symbol: 'XYN', name: 'Xynomic Pharmaceuticals Holdings, Inc. Common Stock' }),
      importedCompany({ symbol: 'REGN', name: 'Regeneron Pharmaceuticals, Inc. Common Stock' }),
      importedCompany({ symbol: 'SNY', name: 'Sanofi American Depositary Shares' }),
      importedCompany({ symbol: 'AAPG', name: 'Ascentage Pharma Group International American Depositary Shares' }),
      importedCompany({ symbol: 'ACR', name: 'Acme Rail Corp.', sectorName: 'Manufacturing', sicCode: 3743 }),
    ]);
  // Neuren's query runs to three pages; its trials are on the second.
  const first = fixture('studies-phelan-page1.json');
  const second = fixture('studies-phelan-page2.json');
  answer('Neuren Pharmaceuticals', first);
  answer('Neuren Pharmaceuticals', second, tokenOf(first));
  answer('Neuren Pharmaceuticals', LAST_PAGE, tokenOf(second));
  for (const [sponsor, page] of [
    ['Xynomic Pharmaceuticals', fixture('studies-usc-xynomic-page.json')],
    ['Ascentage Pharma Group International', fixture('studies-ascentage-page.json')],
    ['Ascentage Pharma Group Inc.', fixture('studies-ascentage-page.json')],
  ] as const) {
    answer(sponsor, page);
    answer(sponsor, LAST_PAGE, tokenOf(page));
  }
  answer('Regeneron Pharmaceuticals', pageOf(fixture('study-NCT02210780-regeneron-sanofi.json')));
  answer('Sanofi', pageOf(fixture('study-NCT02210780-regeneron-sanofi.json')));
});

afterAll(async () => {
  await t.close();
  await registryServer.close();
});

describe('the trials sync', () => {
  it('stores each Life Sciences company’s drug trials as lead sponsor or collaborator, following the pages', async () => {
    const report = await runTrialsSync(t.database.db, registry, { trigger: 'command' });
    expect(report).toMatchObject({ companies: 5, itemsDone: 5, stopped: false, problems: [] });
    // The manufacturer is not asked about; one request a company, two for Neuren's pages.
    expect(
      registryServer.requests.map((r) => new URL(r.path, registryServer.url).searchParams.get('query.spons')),
    ).toEqual(expect.not.arrayContaining(['"Acme Rail"']));
    expect(report.requests).toBe(9);
    expect(registryServer.requests[0]!.headers['user-agent']).toBe('RedCap Research admin@redcap.example');

    const neuren = await trialsOf('NEU');
    expect(neuren.map((p) => [p.nctId, p.stage, p.drugName, p.sponsorRole])).toEqual([
      ['NCT05025241', 'Phase 2 · Completed', 'NNZ-2591', 'lead'],
      ['NCT07281079', 'Phase 3 · Recruiting', 'NNZ-2591', 'lead'],
    ]);
    expect(neuren[1]).toMatchObject({
      rawTextLink: 'https://clinicaltrials.gov/study/NCT07281079',
      startDate: '2025-11-12',
      date: '2025-11-12',
    });
    expect((await trialsOf('XYN')).map((p) => p.nctId)).toEqual(['NCT03934567']);
    expect((await trialsOf('REGN'))[0]).toMatchObject({
      nctId: 'NCT02210780',
      sponsorRole: 'lead',
      drugName: 'Dupilumab',
    });
    expect((await trialsOf('SNY'))[0]).toMatchObject({ nctId: 'NCT02210780', sponsorRole: 'collaborator' });
  });

  it('reports a sponsor that may be the company and places it once staff add it as an alias', async () => {
    const [run] = await t.database.db.select().from(sourceRuns).orderBy(sourceRuns.id);
    expect(run!.notices).toEqual([
      '"Ascentage Pharma Group Inc." may be AAPG (Ascentage Pharma Group International American Depositary Shares): add it as an alias to place its trials.',
    ]);
    expect(await trialsOf('AAPG')).toEqual([]);

    const staff = await staffHeaders(t);
    const added = await t.call('POST', '/api/tools/trials/aliases', {
      headers: staff,
      json: { symbol: 'aapg', alias: 'Ascentage Pharma Group Inc.' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ symbol: 'AAPG', alias: 'Ascentage Pharma Group Inc.' });
    const again = await t.call('POST', '/api/tools/trials/aliases', {
      headers: staff,
      json: { symbol: 'AAPG', alias: 'Ascentage Pharma Group Inc.' },
    });
    expect(again.status).toBe(409);
    const unknown = await t.call('POST', '/api/tools/trials/aliases', {
      headers: staff,
      json: { symbol: 'NOPE', alias: 'Nope Inc.' },
    });
    expect(unknown.status).toBe(404);
    expect(
      (await t.call('POST', '/api/tools/trials/aliases', { json: { symbol: 'AAPG', alias: 'X Inc.' } })).status,
    ).toBe(401);

    await runTrialsSync(t.database.db, registry, { trigger: 'command', symbols: ['AAPG'] });
    expect((await trialsOf('AAPG')).map((p) => [p.nctId, p.stage])).toEqual([['NCT05147467', 'Phase 2 · Recruiting']]);
  });

  it('updates a trial whose status changed and alerts the company’s followers; removes one no longer listed', async () => {
    const reader = await addReader(t.database.db);
    await t.database.db.insert(favoriteCompanies).values({ userId: reader.id, symbol: 'XYN' });
    const page = JSON.parse(fixture('studies-usc-xynomic-page.json')) as {
      studies: { protocolSection: { statusModule: { overallStatus: string; whyStopped?: string } } }[];
    };
    page.studies[1]!.protocolSection.statusModule.overallStatus = 'TERMINATED';
    page.studies[1]!.protocolSection.statusModule.whyStopped = 'Business decision';
    answer('Xynomic Pharmaceuticals', JSON.stringify(page));
    const report = await runTrialsSync(t.database.db, registry, { trigger: 'command', symbols: ['XYN'] });
    expect(report.alerted).toBe(1);
    const [trial] = await trialsOf('XYN');
    expect(trial).toMatchObject({ stage: 'Phase 2 · Terminated', whyStopped: 'Business decision' });
    const [alert] = await t.database.db.select().from(alerts).where(eq(alerts.userId, reader.id));
    expect(alert).toMatchObject({
      kind: 'trial',
      title: 'XYN trial terminated: Abexinostat',
      link: 'https://clinicaltrials.gov/study/NCT03934567',
    });
    expect(alert!.body).toContain('is now Phase 2 · Terminated; it was Phase 2 · Active, not recruiting.');

    // The same answer again changes nothing and alerts nobody again.
    expect((await runTrialsSync(t.database.db, registry, { trigger: 'command', symbols: ['XYN'] })).alerted).toBe(0);

    answer('Xynomic Pharmaceuticals', JSON.stringify({ studies: [page.studies[0]] }));

    const gone = await runTrialsSync(t.database.db, registry, { trigger: 'command', symbols: ['XYN'] });
    expect(gone.removed).toBe(1);
    expect(await trialsOf('XYN')).toEqual([]);
  });

  it('reports a study that cannot be read and keeps what it held of the company', async () => {
    const page = JSON.parse(fixture('studies-phelan-page2.json')) as {
      studies: { protocolSection: { identificationModule: { nctId: string } } }[];
    };
    page.studies[3]!.protocolSection.identificationModule.nctId = 'NCT05';
    answer('Neuren Pharmaceuticals', JSON.stringify(page), tokenOf(fixture('studies-phelan-page1.json')));
    const report = await runTrialsSync(t.database.db, registry, { trigger: 'command', symbols: ['NEU'] });
    expect(report.problems).toEqual([
      {
        document: 'ClinicalTrials.gov studies of "Neuren Pharmaceuticals" (page 2) studies[3]',
        problem: 'protocolSection.identificationModule.nctId is not an NCT number',
      },
    ]);
    // The unreadable study is not taken for gone.
    expect((await trialsOf('NEU')).map((p) => p.nctId)).toEqual(['NCT05025241', 'NCT07281079']);
  });
});

describe('the Data tab', () => {
  it('shows ClinicalTrials.gov with its runs, what they read and the notices of the newest', async () => {
    const staff = await staffHeaders(t);
    const listed = await t.call('GET', '/api/tools/data-sources', { headers: staff });
    const source = (listed.body as { data: { id: string }[] }).data.find((s) => s.id === 'clinicaltrials');
    expect(source).toMatchObject({
      name: 'ClinicalTrials.gov',
      off: null,
      schedule: 'runs nightly (2 to 6 a.m. New York time)',
      nextRunAt: expect.any(String),
      figures: [
        { label: 'Life Sciences companies', value: 5 },
        { label: 'Trials held', value: 5 },
        { label: 'Sponsor aliases', value: 1 },
      ],
      itemNames: { read: 'Studies read', done: 'Companies read' },
    });
    const runs = (source as unknown as { runs: { trigger: string; status: string; itemsDone: number }[] }).runs;
    expect(runs.at(-1)).toMatchObject({ trigger: 'command', status: 'finished', itemsDone: 5 });
    const asked = await t.call('POST', '/api/tools/data-sources/clinicaltrials/sync', { headers: staff });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ requestedAt: expect.any(String) });
    expect((await t.call('POST', '/api/tools/data-sources/nope/sync', { headers: staff })).status).toBe(400);
  });
});

describe('npm run import -- trials', () => {
  it('places saved answers’ studies with the companies of their sponsors and adds them; a file that is no answer is reported', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trials-import-'));
    fs.writeFileSync(path.join(dir, 'regeneron.json'), fixture('study-NCT02210780-regeneron-sanofi.json'));
    fs.writeFileSync(path.join(dir, 'usc-xynomic.json'), fixture('studies-usc-xynomic-page.json'));
    fs.writeFileSync(path.join(dir, 'broken.json'), '{"studies": [');
    const dry = await importTrialFiles(t.database.db, [dir], { dryRun: true });
    expect(dry.added).toBe(1);
    expect(await trialsOf('XYN')).toEqual([]);

    const report = await importTrialFiles(t.database.db, [dir], { dryRun: false });
    expect(report).toMatchObject({ read: 3, added: 1, unchanged: 2 });
    expect(report.skipped['files that are not an answer of ClinicalTrials.gov']).toEqual({
      count: 1,
      where: [`${path.join(dir, 'broken.json')}: is not JSON.`],
    });
    expect(report.skipped['no sponsor is a listed company']?.count).toBe(1);
    expect((await trialsOf('XYN')).map((p) => p.nctId)).toEqual(['NCT03934567']);
    // Nobody is alerted of history.
    expect(await t.database.db.select().from(alerts).where(eq(alerts.symbol, 'XYN'))).toHaveLength(1);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
