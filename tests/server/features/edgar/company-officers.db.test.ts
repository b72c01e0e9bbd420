/**
 * The officers and directors named in ownership filings (tests/fixtures/edgar/ownership): kept as
 * the filings are stored, by the sync's store, the documents import and the data set import alike,
 * a Form 3 with no transaction among them; the latest filing deciding an owner's title (and whether
 * they are listed at all); and shown on a client's Leadership tab where staff have written no team.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyPageRecords, officersOfCompany } from '../../../../src/server/features/companies/index.ts';
import { importInsiderDataset } from '../../../../src/server/features/edgar/index.ts';
import {
  storeOwnershipFiling,
  storeOwnershipFilings,
  type OwnershipFiling,
} from '../../../../src/server/features/edgar/insider-filings.ts';
import { readOwnershipDocument } from '../../../../src/server/features/edgar/ownership-document.ts';
import { transaction } from '../../../../src/server/platform/db/client.ts';
import { latestChangeId } from '../../../../src/server/platform/changes.ts';
import {
  companies,
  companyLeaders,
  companyOfficers,
  contentChanges,
  insiderTransactions,
} from '../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { importedCompany } from '../../../helpers/imports.ts';
import { writeZip } from '../../../helpers/zip-writer.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/edgar');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

/** A fixture's filing; these documents' accession numbers are not known, so their file names stand for them. */
function filingOf(name: string): OwnershipFiling {
  const document = readOwnershipDocument(fixture(`ownership/${name}`), name);
  return { accession: name, filedOn: document.signedOn!, document };
}

let t: TestApp;
let snowId: number;

const officersOf = (symbol: string) =>
  t.database.db
    .select()
    .from(companyOfficers)
    .where(eq(companyOfficers.companySymbol, symbol))
    .orderBy(asc(companyOfficers.firstFiled));

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.db
    .insert(companies)
    .values([
      importedCompany({ symbol: 'SNOW', name: 'Snowflake Inc.', cik: 1640147 }),
      importedCompany({ symbol: 'AIR', name: 'AAR Corp.', cik: 1750 }),
    ])
    .returning({ id: companies.id, symbol: companies.symbol });
  snowId = rows.find((r) => r.symbol === 'SNOW')!.id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(companyOfficers);
  await t.database.db.delete(insiderTransactions);
});

describe('the officers named in ownership filings', () => {
  it('counts a Form 3, which reports no transaction, and tells the company’s pages', async () => {
    const since = await latestChangeId(t.database.db);
    const form3 = filingOf('form3.snow.xml');
    const outcome = await transaction(t.database.db, (tx) => storeOwnershipFiling(tx, form3));
    expect(outcome).toEqual({ stored: false, reason: 'no transactions' });
    expect(await officersOf('SNOW')).toEqual([
      {
        companySymbol: 'SNOW',
        ownerCik: 1246215,
        name: 'GARRETT MARK',
        title: 'Director',
        isDirector: true,
        isOfficer: false,
        firstFiled: '2020-09-15',
        lastFiled: '2020-09-15',
        lastAccession: 'form3.snow.xml',
      },
    ]);
    const changes = await t.database.db.select().from(contentChanges).where(gt(contentChanges.id, since));
    expect(changes).toEqual([expect.objectContaining({ kind: 'company', entityId: snowId })]);

    // Read again, it changes nothing and tells nobody.
    const after = await latestChangeId(t.database.db);
    await transaction(t.database.db, (tx) => storeOwnershipFiling(tx, form3));
    expect(await latestChangeId(t.database.db)).toBe(after);
  });

  it('keeps each owner’s first filing day and their latest filing’s title, whatever order the filings come in', async () => {
    const form4 = filingOf('form4.snow.xml');
    // The same officer's earlier filing, under another title (the real Form 4, its date and title changed).
    const earlier: OwnershipFiling = {
      accession: 'form4.snow.xml (earlier)',
      filedOn: '2021-03-01',
      document: {
        ...form4.document,
        owners: [{ ...form4.document.owners[0]!, officerTitle: 'Senior Vice President, Finance' }],
      },
    };
    await transaction(t.database.db, (tx) => storeOwnershipFilings(tx, [form4, filingOf('form5.snow.xml')]));
    await transaction(t.database.db, (tx) => storeOwnershipFiling(tx, earlier));
    expect(
      (await officersOf('SNOW')).map((o) => [o.name, o.title, o.firstFiled, o.lastFiled, o.lastAccession]),
    ).toEqual([
      ['Scarpelli Michael', 'Chief Financial Officer', '2021-03-01', '2022-12-14', 'form4.snow.xml'],
      ['McMahon John Dennis', 'Director', '2022-03-11', '2022-03-11', 'form5.snow.xml'],
    ]);
  });

  it('no longer lists an owner whose later filing names them neither director nor officer, and leaves out a 10% holding from a title', async () => {
    const form4 = filingOf('form4.snow.xml');
    const owner = form4.document.owners[0]!;
    const asHolder = (accession: string, filedOn: string, role: Partial<typeof owner>): OwnershipFiling => ({
      accession,
      filedOn,
      document: { ...form4.document, owners: [{ ...owner, ...role }] },
    });
    await transaction(t.database.db, (tx) =>
      storeOwnershipFiling(tx, asHolder('both', '2022-12-14', { isTenPercentOwner: true })),
    );
    expect((await officersOf('SNOW')).map((o) => o.title)).toEqual(['Chief Financial Officer']);
    // An older filing naming them a holder only says nothing of now.
    await transaction(t.database.db, (tx) =>
      storeOwnershipFiling(tx, asHolder('older', '2021-01-04', { isOfficer: false, isTenPercentOwner: true })),
    );
    expect(await officersOf('SNOW')).toHaveLength(1);
    await transaction(t.database.db, (tx) =>
      storeOwnershipFiling(tx, asHolder('later', '2023-02-01', { isOfficer: false, isTenPercentOwner: true })),
    );
    expect(await officersOf('SNOW')).toEqual([]);
  });

  it('shows those who filed within two years, officers before directors', async () => {
    await transaction(t.database.db, (tx) =>
      storeOwnershipFilings(tx, ['form3.snow.xml', 'form4.snow.xml', 'form5.snow.xml'].map(filingOf)),
    );
    const shown = await officersOfCompany(t.database.db, 'SNOW', new Date('2023-01-05T15:00:00Z'));
    // The Form 3's director last filed in September 2020, more than two years before.
    expect(shown.map((o) => [o.name, o.title, o.first_filed])).toEqual([
      ['Scarpelli Michael', 'Chief Financial Officer', '2022-12-14'],
      ['McMahon John Dennis', 'Director', '2022-03-11'],
    ]);
    expect(await officersOfCompany(t.database.db, 'SNOW', new Date('2025-01-05T15:00:00Z'))).toEqual([]);
  });

  it('are noted by the Insider Transactions Data Set import', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'officers-'));
    try {
      const zip = path.join(dir, '2025q1_form345.zip');
      await writeZip(
        zip,
        ['SUBMISSION.tsv', 'REPORTINGOWNER.tsv', 'NONDERIV_TRANS.tsv', 'DERIV_TRANS.tsv', 'FOOTNOTES.tsv'].map(
          (name) => ({
            name,
            content: fixture(`insider-dataset/${name}`),
          }),
        ),
      );
      await importInsiderDataset(t.database.db, zip, { dryRun: false, batch: 3, pace: false });
      expect((await officersOf('AIR')).map((o) => [o.name, o.title, o.isOfficer, o.firstFiled])).toEqual([
        ['Garascia Jessica A.', 'Senior VP, GC, CAO & Secretary', true, '2025-01-10'],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the Leadership tab’s record', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ seedCompanies: 60 });
  });
  afterAll(() => demo.close());

  it('lists a client’s officers from its filings only where staff have written no team', async () => {
    const db = demo.database.db;
    const clients = await db.select().from(companies).where(eq(companies.isClient, true)).orderBy(asc(companies.id));
    const [withoutTeam, withTeam] = clients as [(typeof clients)[0], (typeof clients)[0]];
    await db.delete(companyLeaders).where(eq(companyLeaders.companySymbol, withoutTeam.symbol));
    // The real Form 4's owner, as if the client had filed it.
    const { document } = filingOf('form4.374water.xml');
    for (const c of [withoutTeam, withTeam])
      await db.insert(companyOfficers).values({
        companySymbol: c.symbol,
        ownerCik: document.owners[0]!.cik,
        name: document.owners[0]!.name,
        title: 'Chief Technology Officer',
        isDirector: false,
        isOfficer: true,
        firstFiled: '2025-05-02',
        lastFiled: '2025-05-02',
        lastAccession: null,
      });
    const records = await companyPageRecords(db, { ids: [withoutTeam.id, withTeam.id] }, new Date('2025-06-01'));
    const record = (id: number) => records.find((r) => r.id === id)!;
    expect(record(withoutTeam.id).client).toMatchObject({
      team: [],
      officers: [
        {
          owner_cik: 2064133,
          name: 'Melkote Rajesh Ramaswamy',
          title: 'Chief Technology Officer',
          first_filed: '2025-05-02',
          last_filed: '2025-05-02',
        },
      ],
    });
    expect(record(withTeam.id).client!.team.length).toBeGreaterThan(0);
    expect(record(withTeam.id).client!.officers).toEqual([]);
    // The demo's descriptions say they are the demo's.
    expect(record(withTeam.id).description_source).toEqual({ source: 'demo', filed_on: null, filing_url: null });
  });
});
