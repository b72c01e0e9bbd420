/**
 * The console's lists that hold one server read (the suppressed addresses, the IPO calendar, the data
 * sources with their sponsor aliases, a client's landing page, the newsletter's issues, the recent
 * broadcasts, a company's uploaded analyst report, Clients Management's specialists and looked-up
 * client): loading, the load-failed panel and its Retry, an empty answer, and saves that put the
 * server's answer in place or read again.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  landingEditRecord,
  type ClientRecord,
  type IpoEditRecord,
  type LandingEditRecord,
} from '../../../src/lib/console-records.ts';
import { CONSOLE_MESSAGES } from '../../../src/lib/console.ts';
import { NEWSLETTER_TEXTS, type NewsletterIssueRecord } from '../../../src/lib/newsletter.ts';
import { DATA_TEXTS, type DataSourceRecord } from '../../../src/lib/source-syncs.ts';
import { Refused, calls, reset, routes } from '../alerts/fake-api.ts';

vi.mock('../../../src/islands/api-client.ts', async () => (await import('../alerts/fake-api.ts')).fakeClient);

const { default: SuppressionList } = await import('../../../src/islands/console/SuppressionList.tsx');
const { default: IpoCorrections } = await import('../../../src/islands/console/IpoCorrections.tsx');
const { default: DataSources } = await import('../../../src/islands/console/DataSources.tsx');
const { default: LandingEditor } = await import('../../../src/islands/console/LandingEditor.tsx');
const { default: NewsletterDesk } = await import('../../../src/islands/console/NewsletterDesk.tsx');
const { default: BroadcastForm } = await import('../../../src/islands/console/BroadcastForm.tsx');
const { default: AnalystReportFile } = await import('../../../src/islands/console/AnalystReportFile.tsx');
const { default: ClientsManagement } = await import('../../../src/islands/console/ClientsManagement.tsx');

const settle = () => act(async () => {});
const down = () => {
  throw new Refused(500, 'Down');
};
const reads = (path: string) => calls.filter((c) => c.method === 'GET' && c.path.startsWith(path)).length;

beforeEach(reset);
afterEach(cleanup);

describe('the suppressed addresses', () => {
  const FIRST_PAGE = 'GET tools/email/suppressions?page=1&limit=25';
  const bounced = {
    email: 'gone@example.com',
    reason: 'hard-bounce',
    detail: '550 no such user',
    source: 'smtp',
    createdAt: '2026-12-01T12:00:00.000Z',
  };

  it('show the load-failed panel when the list does not load, and the list after Try again', async () => {
    routes.set(FIRST_PAGE, () => {
      throw new Refused(500, 'Down');
    });
    render(<SuppressionList />);
    await settle();
    const panel = within(screen.getByTestId('suppressions'));
    expect(panel.getByRole('alert').textContent).toBe('Failed to load the suppressed addresses');
    expect(panel.queryByText(NEWSLETTER_TEXTS.noSuppressions)).toBeNull();

    routes.set(FIRST_PAGE, () => ({ data: [bounced], total: 1 }));
    fireEvent.click(panel.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(panel.queryByRole('alert')).toBeNull();
    expect(panel.getByText('gone@example.com')).toBeTruthy();
  });

  it('say there are none for an empty answer, and read the list again after a lift', async () => {
    let held = [bounced];
    routes.set(FIRST_PAGE, () => ({ data: held, total: held.length }));
    routes.set('DELETE tools/email/suppressions/gone%40example.com', () => {
      held = [];
      return {};
    });
    render(<SuppressionList />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Lift: gone@example.com' }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Lifted the suppression of gone@example.com.');
    expect(screen.getByText(NEWSLETTER_TEXTS.noSuppressions)).toBeTruthy();
    expect(reads('tools/email/suppressions')).toBe(2);
  });
});

describe('the IPO calendar’s corrections', () => {
  const row: IpoEditRecord = {
    id: 4,
    version: 1,
    source: 'demo',
    cik: null,
    filed: {
      company_name: 'Acme Bio',
      symbol: 'ACMB',
      exchange: 'NASDAQ',
      sector: null,
      price_low: 9,
      price_high: 11,
      offer_price: null,
      shares_offered: 1000000,
      expected_date: null,
      status: 'Filed',
      lead_underwriter: null,
    },
    corrections: {},
    filed_date: '2026-11-02',
    priced_date: null,
    listed_date: null,
    filings: [],
  };

  it('show the load-failed panel with the server’s reason, and Try again reads again', async () => {
    routes.set('GET tools/ipos', () => {
      throw new Refused(403, 'Staff only');
    });
    render(<IpoCorrections />);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Failed to load the IPO calendar: Staff only');
    routes.set('GET tools/ipos', () => ({ data: [], total: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByText(/^The IPO calendar has no rows yet/)).toBeTruthy();
  });

  it('put the saved row in place without reading the calendar again', async () => {
    routes.set('GET tools/ipos', () => ({ data: [row], total: 1 }));
    routes.set('PUT tools/ipos/4', () => ({
      data: { ...row, version: 2, corrections: { lead_underwriter: 'E2E Capital' } },
    }));
    render(<IpoCorrections />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Correct Acme Bio' }));
    fireEvent.change(screen.getByLabelText('Lead underwriter'), { target: { value: 'E2E Capital' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save corrections' }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Saved: the calendar shows the corrected figures.');
    expect(screen.getByRole('listitem').textContent).toContain('corrected: Lead underwriter');
    expect(reads('tools/ipos')).toBe(1);
  });
});

describe('the Data tab', () => {
  const trials: DataSourceRecord = {
    id: 'clinicaltrials',
    name: 'ClinicalTrials.gov',
    off: null,
    schedule: 'runs nightly',
    nextRunAt: null,
    requestedAt: null,
    figures: [{ label: 'Sponsor aliases', value: 0 }],
    itemNames: { read: 'Studies read', done: 'Companies done' },
    runs: [],
  };

  it('shows its load-failed panel and the sources after Retry; an added alias counts again', async () => {
    routes.set('GET tools/data-sources', () => {
      throw new Refused(500, 'Down');
    });
    routes.set('GET tools/trials/aliases', () => ({ data: [] }));
    routes.set('POST tools/trials/aliases', () => ({ symbol: 'ACME', alias: 'Acme Labs', createdAt: '2026-12-01' }));
    render(<DataSources />);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(DATA_TEXTS.loadFailed);

    routes.set('GET tools/data-sources', () => ({ data: [trials] }));
    fireEvent.click(screen.getByRole('button', { name: DATA_TEXTS.retry }));
    await settle();
    const aliases = within(screen.getByTestId('sponsor-aliases'));
    expect(aliases.getByText(DATA_TEXTS.noAliases)).toBeTruthy();

    fireEvent.change(aliases.getByLabelText(DATA_TEXTS.aliasSymbol), { target: { value: 'ACME' } });
    fireEvent.change(aliases.getByLabelText(DATA_TEXTS.aliasName), { target: { value: 'Acme Labs' } });
    fireEvent.submit(aliases.getByRole('button', { name: DATA_TEXTS.addAlias }));
    await settle();
    expect(aliases.getByText('Acme Labs')).toBeTruthy();
    expect(reads('tools/trials/aliases')).toBe(1);
    expect(reads('tools/data-sources')).toBe(3);
  });
});

describe('a client’s landing page', () => {
  // Every field empty but those a new page is made with.
  const created = {
    ...Object.fromEntries(Object.keys(landingEditRecord.shape).map((key) => [key, null])),
    company_symbol: 'ACME',
    version: 1,
    active: true,
    updated_at: '2026-12-01T12:00:00.000Z',
  } as LandingEditRecord;

  it('tells a failed read from a missing page, and offers to create the missing one', async () => {
    routes.set('GET tools/company-landing/ACME', () => {
      throw new Refused(500, 'Down');
    });
    routes.set('POST tools/company-landing', () => ({ success: true, message: 'Saved', data: created }));
    render(<LandingEditor symbol="ACME" name="Acme Corp" />);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Failed to load the landing page.');

    routes.delete('GET tools/company-landing/ACME');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Acme Corp has no landing page yet.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create the landing page' }));
    await settle();
    expect((screen.getByLabelText('Landing page active') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Show preview' })).toBeTruthy();
    expect(reads('tools/company-landing')).toBe(2);
  });
});

describe('the newsletter’s issues', () => {
  const sent: NewsletterIssueRecord = {
    id: 7,
    version: 3,
    weekOf: '2026-11-30',
    subject: 'The week in small caps',
    intro: '<p>Hello</p>',
    sections: [],
    status: 'sent',
    scheduledAt: null,
    startedAt: '2026-12-01T12:00:00.000Z',
    finishedAt: '2026-12-01T12:05:00.000Z',
    articleId: 40,
    progress: { audience: 2, queued: 2, sent: 2, failed: 0, bounced: 0, suppressed: 0, unsubscribed: 0 },
    updatedAt: '2026-12-01T12:05:00.000Z',
  };

  it('show the load-failed panel instead of an empty list, and the issues after Try again', async () => {
    routes.set('GET tools/newsletter/issues', down);
    render(<NewsletterDesk />);
    await settle();
    const issues = within(screen.getByRole('region', { name: NEWSLETTER_TEXTS.issues }));
    expect(issues.getByRole('alert').textContent).toBe(NEWSLETTER_TEXTS.loadFailed);
    expect(issues.queryByText(NEWSLETTER_TEXTS.noIssues)).toBeNull();

    routes.set('GET tools/newsletter/issues', () => ({ data: [sent] }));
    fireEvent.click(issues.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(issues.queryByRole('alert')).toBeNull();
    // The newest issue is chosen.
    expect(within(screen.getByTestId('newsletter-issue')).getByTestId('issue-status').textContent).toBe('Sent');
  });

  it('say there are none for an empty answer', async () => {
    routes.set('GET tools/newsletter/issues', () => ({ data: [] }));
    render(<NewsletterDesk />);
    await settle();
    const issues = within(screen.getByRole('region', { name: NEWSLETTER_TEXTS.issues }));
    expect(issues.getByText(NEWSLETTER_TEXTS.noIssues)).toBeTruthy();
    expect(issues.queryByRole('alert')).toBeNull();
  });
});

describe('the recent broadcasts', () => {
  it('show the load-failed panel when they do not load, and say there are none after Try again', async () => {
    routes.set('GET notifications/notifications?limit=10', down);
    render(<BroadcastForm />);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(CONSOLE_MESSAGES.broadcast.load);
    expect(screen.queryByText('No broadcasts yet.')).toBeNull();

    routes.set('GET notifications/notifications?limit=10', () => ({ data: [] }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('No broadcasts yet.')).toBeTruthy();
  });
});

describe('a company’s uploaded analyst report', () => {
  it('shows the load-failed panel with the server’s reason, and says there is none after Try again', async () => {
    routes.set('GET tools/analyst-ratings/ACME/report', () => {
      throw new Refused(403, 'Staff only');
    });
    render(<AnalystReportFile symbol="ACME" />);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Failed to load the report: Staff only');

    routes.set('GET tools/analyst-ratings/ACME/report', () => ({ data: null }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('analyst-report-none')).toBeTruthy();
  });
});

describe('Clients Management', () => {
  const client: ClientRecord = {
    company_symbol: 'ACME',
    version: 1,
    active: true,
    contract: null,
    disclosure: null,
    assignedSpecialistId: 2,
    companyName: 'Acme Corp',
    Company: { name: 'Acme Corp', logo: null },
    topicArnSet: false,
    hasLandingPage: false,
    updated_at: '2026-12-01T12:00:00.000Z',
  };
  const open = (symbol: string) => history.replaceState(null, '', `/tools/client?symbol=${symbol}`);

  beforeEach(() => {
    routes.set('GET tools/clients?limit=100', () => ({ data: [client], total: 1 }));
  });

  it('shows the load-failed panel in place of the client’s form when the specialists do not load', async () => {
    open('ACME');
    routes.set('GET tools/specialists', down);
    render(<ClientsManagement />);
    await settle();
    expect(screen.getByText(CONSOLE_MESSAGES.clients.specialists)).toBeTruthy();
    expect(screen.queryByLabelText('Assigned specialist')).toBeNull();

    routes.set('GET tools/specialists', () => ({
      data: [{ id: 2, name: 'Dana Reyes', title: 'IR lead', email: 'dana@example.com' }],
    }));
    // (The leaders, not routed here, show a panel of their own.)
    const panel = within(screen.getByText(CONSOLE_MESSAGES.clients.specialists).parentElement!);
    fireEvent.click(panel.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.queryByText(CONSOLE_MESSAGES.clients.specialists)).toBeNull();
    expect((screen.getByLabelText('Assigned specialist') as HTMLSelectElement).value).toBe('2');
  });

  it('tells a failed look-up of a client the list does not show from a ticker that is not a client', async () => {
    open('ZETA');
    routes.set('GET tools/specialists', () => ({ data: [] }));
    routes.set('GET tools/clients/ZETA', down);
    render(<ClientsManagement />);
    // The look-up starts once the list has come (its ticker reaches the read a moment later).
    expect((await screen.findByRole('alert')).textContent).toBe(CONSOLE_MESSAGES.clients.loadOne);

    routes.delete('GET tools/clients/ZETA');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(await screen.findByText('ZETA is not a client.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reads('tools/clients/ZETA')).toBe(2);
  });
});
