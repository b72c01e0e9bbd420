import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FilingRecord, InsiderRecordData } from '../../../src/lib/content-records.ts';
import { COMPANY_TEXT } from '../../../src/lib/company.ts';
import { $session, clearSession } from '../../../src/stores/session.ts';

const { default: FilingsTable } = await import('../../../src/islands/company/FilingsTable.tsx');
const { default: InsiderTable } = await import('../../../src/islands/company/InsiderTable.tsx');
const { default: AnalystArea } = await import('../../../src/islands/company/AnalystArea.tsx');
const { default: HoldingsTable } = await import('../../../src/islands/company/HoldingsTable.tsx');
const { default: MarketStats } = await import('../../../src/islands/company/MarketStats.tsx');
const { default: CompanyNews } = await import('../../../src/islands/company/CompanyNews.tsx');

const fetchMock = vi.fn<(url: string) => Promise<Response>>();
const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', (url: string) => fetchMock(url));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
});

const filing = (n: number, type = '8-K'): FilingRecord => ({
  accession_key: `0000000001-26-${String(n).padStart(6, '0')}`,
  company_symbol: 'ACME',
  filing_type: type,
  description: `Filing ${n}`,
  raw_text_link: `/api/stock/filing/0000000001-26-${String(n).padStart(6, '0')}.txt`,
  document_count: 1,
  date_as_of_change: `2026-10-${String(30 - n).padStart(2, '0')}`,
});

describe('the SEC filings section', () => {
  it('shows the build’s first page without a request, then asks the API for a group and a date', async () => {
    render(<FilingsTable symbol="ACME" initial={{ data: [filing(1), filing(2)], totalItems: 2 }} />);
    expect(screen.getByText('Filing 1')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockImplementation(() => json({ data: [filing(3, '10-Q')], totalItems: 1 }));
    fireEvent.click(screen.getByLabelText('Quarterly Reports'));
    await waitFor(() => expect(screen.getByText('Filing 3')).toBeTruthy());
    const url = new URL(fetchMock.mock.calls.at(-1)![0], 'http://x');
    expect(url.pathname).toBe('/api/stock/filings/ACME');
    expect(url.searchParams.get('types')).toBe('Quarterly Reports');
    expect(url.searchParams.get('page')).toBe('1');
    fireEvent.change(screen.getByLabelText('Filed on or before'), { target: { value: '2026-06-30' } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(new URL(fetchMock.mock.calls.at(-1)![0], 'http://x').searchParams.get('date')).toBe('2026-06-30');
  });

  it('says the load failed when the API does, and keeps the filters', async () => {
    render(<FilingsTable symbol="ACME" initial={{ data: [filing(1)], totalItems: 1 }} />);
    fetchMock.mockImplementation(() => json({ message: 'down' }, 503));
    fireEvent.click(screen.getByLabelText('Form 6-K'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(COMPANY_TEXT.loadFailed));
    expect((screen.getByLabelText('Form 6-K') as HTMLInputElement).checked).toBe(true);
  });
});

describe('the company’s news', () => {
  const FILING = 'https://www.sec.gov/Archives/edgar/data/1173313/000121390025032135/0001213900-25-032135-index.htm';
  const release = {
    id: 2,
    title: 'Acme Reports Results',
    published_at: '2026-11-19T21:30:00Z',
    source: 'Acme Corp.',
    kind: 'company-release' as const,
    release: { accession: '0001213900-25-032135', form: '8-K', items: ['2.02', '9.01'], filing_url: FILING },
  };
  const article = {
    id: 1,
    title: 'Acme in the news',
    published_at: '2026-11-18T15:00:00Z',
    source: 'RedCap Newswire',
    kind: 'editorial' as const,
    release: null,
  };

  it('marks a company release as the company’s own and links to its filing, and the editors’ articles not', () => {
    render(<CompanyNews symbol="ACME" items={[release, article]} totalPages={1} />);
    const [first, second] = screen.getAllByRole('listitem');
    expect(first!.querySelector('.release-mark')?.textContent).toBe('Company release');
    const link = [...first!.querySelectorAll('a')].find((a) => a.textContent === 'SEC filing')!;
    expect(link.getAttribute('href')).toBe(FILING);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(second!.querySelector('.release-mark')).toBeNull();
    expect(second!.textContent).not.toContain('SEC filing');
  });

  it('marks the releases of the pages it loads with “More news” too', async () => {
    render(<CompanyNews symbol="ACME" items={[article]} totalPages={2} />);
    fetchMock.mockImplementation(() => json({ data: [release], currentPage: 2, totalPages: 2 }));
    fireEvent.click(screen.getByRole('button', { name: 'More news' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getAllByRole('listitem')[1]!.querySelector('.release-mark')?.textContent).toBe('Company release');
  });
});

describe('the insider transactions table', () => {
  const records: InsiderRecordData[] = Array.from({ length: 12 }, (_, i) => ({
    amount_purchased: 1000 * (i + 1),
    purchaser: `Insider ${i + 1}`,
    date_of_purchase: `2026-09-${String(i + 1).padStart(2, '0')}`,
    company_symbol: 'ACME',
    is_buy: i % 2 === 0,
  }));

  it('shows 5 rows by default and more with a larger page size', () => {
    render(<InsiderTable records={records} />);
    expect(screen.getAllByRole('row')).toHaveLength(6);
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '10' } });
    expect(screen.getAllByRole('row')).toHaveLength(11);
    fireEvent.click(screen.getByLabelText('Next page'));
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('11–12 of 12')).toBeTruthy();
  });

  it('says when there is nothing to show', () => {
    render(<InsiderTable records={[]} />);
    expect(screen.getByText(COMPANY_TEXT.noInsider)).toBeTruthy();
  });

  it('shows shares whole: 800 shares read 800, and thousands with their scale', () => {
    render(<InsiderTable records={[{ ...records[0]!, amount_purchased: 800 }, records[11]!]} />);
    const cells = screen.getAllByRole('row').map((row) => row.children[3]?.textContent);
    expect(cells.slice(1)).toEqual(['800', '12.00K']);
  });

  it('explains a Form 4 row’s code, marks a trade under a 10b5-1 plan and links the filing', () => {
    const fromForm4: InsiderRecordData = {
      ...records[0]!,
      purchaser: 'Melkote Rajesh Ramaswamy',
      relationship: 'Chief Technology Officer',
      is_buy: false,
      code: 'A',
      price: 0,
      shares_after: 757756,
      amount_purchased: 757756,
      filing_url: 'https://www.sec.gov/Archives/edgar/data/2064133/000093397225000042/0000933972-25-000042-index.htm',
    };
    const sale: InsiderRecordData = { ...records[1]!, code: 'S', price: 4.5, trading_plan: true, shares_after: 1000 };
    render(<InsiderTable records={[fromForm4, sale]} />);
    const [, grant, sold] = screen.getAllByRole('row');
    expect(grant!.textContent).toContain('Grant or award from the company');
    expect(grant!.textContent).toContain('Chief Technology Officer');
    expect(grant!.querySelector('.text-up, .text-down')).toBeNull();
    expect(screen.getByRole('link', { name: 'Melkote Rajesh Ramaswamy' }).getAttribute('href')).toBe(
      fromForm4.filing_url,
    );
    expect(sold!.textContent).toContain('Open-market or private sale');
    expect(sold!.textContent).toContain('10b5-1');
    expect(sold!.textContent).toContain('$4.50');
    expect(sold!.querySelector('.text-down')).not.toBeNull();
  });
});

describe('the institutional ownership section', () => {
  const rows = Array.from({ length: 25 }, (_, i) => ({
    id: i + 1,
    institutionName: `Fund ${i + 1}`,
    sharesHeldPercentage: 1,
    sharesHeld: 1000,
    marketValue: 5000,
    filingDate: '2026-09-30',
  }));

  it('reads the largest holders, 25 to a page, when it is shown', async () => {
    fetchMock.mockImplementation(() => json({ data: rows, totalItems: 60 }));
    render(<HoldingsTable symbol="ACME" />);
    await screen.findByText('Fund 1');
    const url = new URL(fetchMock.mock.calls[0]![0], 'http://x');
    expect(url.pathname).toBe('/api/stock/institutional/ACME');
    expect(url.searchParams.get('pageSize')).toBe('25');
  });

  it('hides a failed load from view and keeps the rows it had', async () => {
    fetchMock.mockImplementation(() => json({ data: rows, totalItems: 60 }));
    render(<HoldingsTable symbol="ACME" />);
    await screen.findByText('Fund 1');
    fetchMock.mockImplementation(() => json({ message: 'down' }, 500));
    fireEvent.click(screen.getByLabelText('Next page'));
    await waitFor(() => expect(screen.getByText(COMPANY_TEXT.institutionalFailed).className).toContain('sr-only'));
    expect(screen.getByText('Fund 1')).toBeTruthy();
  });

  it('shows shares held whole and market values in millions below $1,000M and in billions from there', async () => {
    const held = [
      { ...rows[0]!, sharesHeld: 800, marketValue: 1_202_290_000 },
      { ...rows[1]!, sharesHeld: 45_000, marketValue: 182_400_000 },
    ];
    fetchMock.mockImplementation(() => json({ data: held, totalItems: 2 }));
    render(<HoldingsTable symbol="ACME" />);
    await screen.findByText('Fund 1');
    const cells = screen.getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent));
    expect(cells[1]).toEqual(['Fund 1', '800', '1.00%', '$1.20B', '2026-09-30']);
    expect(cells[2]).toEqual(['Fund 2', '45.00K', '1.00%', '$182.40M', '2026-09-30']);
  });

  it('shows holders read from Form 13F with their change since the quarter before and the quarter reported', async () => {
    const filed = (change: number | null, previous: number | null, period = '2026-06-30') => ({
      managerCik: 1001,
      reportPeriod: period,
      previousShares: previous,
      changeShares: change,
      newPosition: previous === 0,
      accession: '0000001001-26-000001',
    });
    const held = [
      { ...rows[0]!, sharesHeld: 12_500, ...filed(2_500, 10_000) },
      { ...rows[1]!, sharesHeld: 900, ...filed(-600, 1_500) },
      { ...rows[2]!, sharesHeld: 700, ...filed(700, 0) },
      { ...rows[3]!, sharesHeld: 300, ...filed(null, null, '2026-03-31') },
    ];
    fetchMock.mockImplementation(() => json({ data: held, totalItems: 4 }));
    render(<HoldingsTable symbol="ACME" />);
    await screen.findByText('Fund 1');
    expect(screen.getByText(COMPANY_TEXT.holdingsAsOf('2026-06-30'))).toBeTruthy();
    const cells = screen.getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent));
    expect(cells[0]).toEqual(['Institution', 'Shares Held', 'Change', '% of Shares', 'Market Value', 'Filed']);
    expect(cells.slice(1).map((c) => [c[0], c[1], c[2]])).toEqual([
      ['Fund 1', '12.50K', '+2.50K'],
      ['Fund 2', '900', '-600'],
      ['Fund 3', '700', 'New'],
      ['Fund 4', '300', '—'],
    ]);
  });

  it('shows nothing but a hidden note when the first load fails', async () => {
    fetchMock.mockImplementation(() => json({ message: 'down' }, 500));
    render(<HoldingsTable symbol="ACME" />);
    await waitFor(() => expect(screen.getByText(COMPANY_TEXT.institutionalFailed).className).toContain('sr-only'));
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the market stats', () => {
  it('show the market cap at the one money scale and volumes whole', async () => {
    fetchMock.mockImplementation(() =>
      json({
        data: {
          name: 'Acme Corp',
          symbol: 'ACME',
          last_sale: 12.5,
          open: 12,
          pre_close: 12.1,
          volume: 800,
          volume_avg: 150_000,
          market_cap: 1_202_290_000,
          daylow: 11.9,
          dayhigh: 12.6,
          week52low: 8,
          week52high: 15,
          shares_outstanding: 96_183_200,
          net_change: 0.4,
          change_pre: 3.3,
          market: 'NASDAQ',
          sector_name: 'Technology',
          industry: 'Software',
          ipo_year: 2012,
          country: 'United States',
          quote_updated_at: null,
          data_source: 'demo',
          prices_as_of: null,
          active: true,
        },
      }),
    );
    render(<MarketStats symbol="ACME" />);
    const value = async (label: string) => (await screen.findByText(label)).nextElementSibling?.textContent;
    expect(await value('Market Cap')).toBe('$1.20B');
    expect(await value('Volume')).toBe('800');
    expect(await value('Average Volume')).toBe('150.00K');
    expect(await value('Shares Outstanding')).toBe('96.18M');
  });
});

describe('the analyst area', () => {
  const signIn = () =>
    $session.set({
      email: 'reader@example.com',
      phone: '',
      username: 'reader',
      messagePreference: 'email',
      googleUser: false,
      isVerified: true,
    });

  it('asks a visitor to log in, with a link to /login, and calls nothing', async () => {
    render(<AnalystArea symbol="ACME" name="Acme" />);
    const note = await screen.findByTestId('analyst-login');
    expect(note.textContent).toContain(COMPANY_TEXT.analystLogin);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the report frame and the rankings to a signed-in user', async () => {
    signIn();
    fetchMock.mockImplementation((url) =>
      url.includes('tipranks')
        ? json({ urls: ['/api/stock/analyst-report/ACME'] })
        : json({
            data: [
              {
                analystName: 'Jane Doe',
                firmName: 'Firm',
                recommendation: 'Buy',
                recommendationDate: '2026-10-01',
                priceTarget: 5,
                analystRank: 12,
                successRate: 0.6,
              },
            ],
            total: 1,
          }),
    );
    render(<AnalystArea symbol="ACME" name="Acme" />);
    await screen.findByText('Jane Doe');
    expect(screen.getByTitle('Analyst Insights: Acme').getAttribute('src')).toBe('/api/stock/analyst-report/ACME');
    expect(new URL(fetchMock.mock.calls.at(-1)![0], 'http://x').searchParams.get('pageSize')).toBe('10');
  });

  it('says there is no analyst data when no report exists, and asks to log in again when the session ended', async () => {
    signIn();
    fetchMock.mockImplementation(() => json({ urls: [] }));
    render(<AnalystArea symbol="ACME" name="Acme" />);
    await screen.findByText(COMPANY_TEXT.noTipRanks);
    cleanup();
    fetchMock.mockImplementation(() => json({ message: 'Authentication required' }, 401));
    render(<AnalystArea symbol="ACME" name="Acme" />);
    await screen.findByTestId('analyst-login');
  });

  it('says the load failed when the API fails', async () => {
    signIn();
    fetchMock.mockImplementation(() => json({ message: 'down' }, 500));
    await act(async () => {
      render(<AnalystArea symbol="ACME" name="Acme" />);
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(COMPANY_TEXT.loadFailed));
  });
});
