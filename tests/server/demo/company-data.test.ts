/**
 * The demo company pages agree with themselves, as a reader comparing two
 * tabs of one company would check: the insiders' officers and the management
 * team, the pipeline the texts claim and the bio phases, every insider trade
 * and its Form 4.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bioPhaseGroupOf } from '../../../src/lib/company.ts';
import {
  generateCompanyData,
  type DemoCompanyData,
  type DemoCompanySource,
} from '../../../src/server/demo/company-data.ts';
import { generateUniverse } from '../../../src/server/demo/universe.ts';
import { demoCompanySources } from '../../helpers/demo-companies.ts';

const ASOF = '2026-11-20';
/** An insider as the table names one: 'Maria Chen (Chief Financial Officer)'. */
const INSIDER = /^(.+) \((.+)\)$/;
const NOT_ON_THE_TEAM = new Set(['Director', '10% Owner']);
/** What a company's texts may say of a drug pipeline (not of pipelines it builds). */
const PIPELINE_CLAIM = /\b(its|a|[a-z]+-stage) pipeline\b|lead programme|clinical/;
const LATE_STAGE_CLAIM = /late-stage|bringing its lead programme to market/;

let data: DemoCompanyData;
let rows: DemoCompanySource[];
let symbols: string[];
beforeAll(() => {
  const universe = generateUniverse({ seed: 'pages', asOf: ASOF, count: 1500, clients: 60 });
  rows = demoCompanySources(universe);
  symbols = rows.map((r) => r.symbol);
  data = generateCompanyData('pages', ASOF, rows);
});

const of = <T extends { companySymbol: string }>(list: readonly T[], symbol: string) =>
  list.filter((x) => x.companySymbol === symbol);

describe('demo company pages', () => {
  it('are the same for the same seed', () => {
    expect(generateCompanyData('pages', ASOF, rows.slice(0, 100))).toEqual(
      generateCompanyData('pages', ASOF, rows.slice(0, 100)),
    );
  });

  it('name a client’s officers in the insider table as its Leadership tab does, and no officer it does not list', () => {
    expect(data.clients).toHaveLength(60);
    let officersTrading = 0;
    for (const { companySymbol } of data.clients) {
      const team = new Map(of(data.leaders, companySymbol).map((l) => [l.name, l.title]));
      const holders = new Map<string, string>();
      for (const t of of(data.insider, companySymbol)) {
        const [, name, role] = INSIDER.exec(t.purchaser)!;
        // One person, one role; one person per office.
        expect(holders.get(role!) ?? name, `${companySymbol} ${role}`).toBe(name);
        if (!NOT_ON_THE_TEAM.has(role!)) holders.set(role!, name!);
        if (NOT_ON_THE_TEAM.has(role!)) {
          expect(team.has(name!), `${companySymbol}: ${name} is on the team yet trades as ${role}`).toBe(false);
          continue;
        }
        officersTrading++;
        expect(team.get(name!), `${companySymbol}: ${t.purchaser} is not on the Leadership tab`).toBe(role);
      }
    }
    expect(officersTrading).toBeGreaterThan(100);
  });

  it('give every company one holder per office among its insiders', () => {
    const holders = new Map<string, Set<string>>();
    for (const t of data.insider) {
      const [, name, role] = INSIDER.exec(t.purchaser)!;
      if (NOT_ON_THE_TEAM.has(role!)) continue;
      const office = `${t.companySymbol} ${role}`;
      if (!holders.has(office)) holders.set(office, new Set());
      holders.get(office)!.add(name!);
    }
    for (const [office, names] of holders) expect([...names], office).toHaveLength(1);
  });

  it('report what each insider row was: market purchases and sales beside grants, exercises, withholding and gifts, plan sales marked', () => {
    const codes = new Set(data.insider.map((t) => t.code));
    expect([...codes].sort()).toEqual(['A', 'F', 'G', 'M', 'P', 'S']);
    for (const t of data.insider) {
      expect(t.isBuy).toBe(t.code === 'P');
      expect(t.acquiredDisposed).toBe(['P', 'A', 'M'].includes(t.code!) ? 'A' : 'D');
      if (t.tradingPlan) expect(t.code).toBe('S');
      expect(t.filedOn).toBe(t.dateOfPurchase);
    }
    expect(data.insider.some((t) => t.tradingPlan)).toBe(true);
  });

  it('file a Form 4 for every insider transaction, on its day, naming the insider, and no other Form 4', () => {
    const form4s = data.filings.filter((f) => f.filingType === '4');
    const key = (symbol: string, date: string, who: string) => `${symbol}|${date}|${who}`;
    const filed = new Map<string, number>();
    for (const f of form4s) {
      const who = f.description.replace(/^Statement of changes in beneficial ownership: /, '');
      const k = key(f.companySymbol, f.dateAsOfChange, who);
      filed.set(k, (filed.get(k) ?? 0) + 1);
    }
    for (const t of data.insider) {
      const k = key(t.companySymbol, t.dateOfPurchase, t.purchaser);
      expect(filed.get(k) ?? 0, `${k} has no Form 4`).toBeGreaterThan(0);
      filed.set(k, filed.get(k)! - 1);
    }
    expect(form4s.length).toBe(data.insider.length);
    expect(data.insider.length).toBeGreaterThan(1000);
  });

  it('claim a late-stage pipeline only beside a Phase 3 or completed programme, and a pipeline only beside bio phases', () => {
    const landing = new Map(data.landingPages.map((p) => [p.companySymbol, p]));
    const description = new Map(data.profiles.map((p) => [p.symbol, p.description ?? '']));
    const claims = { late: 0, pipeline: 0 };
    for (const symbol of symbols) {
      const groups = new Set(of(data.bioPhases, symbol).map((b) => bioPhaseGroupOf(b.stage)));
      const late = groups.has('Phase 3') || groups.has('Completed');
      const page = landing.get(symbol);
      const said = [description.get(symbol), page?.overview, page?.valueProp, page?.investmentHighlights].join('\n');
      if (PIPELINE_CLAIM.test(said)) {
        claims.pipeline++;
        expect(groups.size, `${symbol} speaks of a pipeline it has not`).toBeGreaterThan(0);
      }
      if (LATE_STAGE_CLAIM.test(said)) {
        claims.late++;
        expect(late, `${symbol} claims a late stage its bio phases do not show`).toBe(true);
      }
      if (/commercial launch/.test(said) && groups.size > 0) expect(late, `${symbol} nears a launch`).toBe(true);
    }
    expect(claims.late).toBeGreaterThan(10);
    expect(claims.pipeline).toBeGreaterThan(claims.late);
  });
});
