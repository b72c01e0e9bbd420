import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { CompanyDocumentInput } from '../../../../src/server/features/reports/pdf/document.ts';
import { renderFactSheet } from '../../../../src/server/features/reports/pdf/fact-sheet.ts';
import {
  PRESENTATION_SLIDE_COUNT,
  renderPresentation,
} from '../../../../src/server/features/reports/pdf/presentation.ts';
import { sanitizeText } from '../../../../src/server/features/reports/pdf/text.ts';

function closes(count: number): CompanyDocumentInput['closes'] {
  const start = Date.UTC(2024, 6, 1);
  return Array.from({ length: count }, (_, index) => ({
    date: new Date(start + index * 86_400_000).toISOString().slice(0, 10),
    close: 4 + Math.sin(index / 9) + index / 120,
  }));
}

function company(overrides: Partial<CompanyDocumentInput> = {}): CompanyDocumentInput {
  return {
    symbol: 'ABCD',
    name: 'Acme Therapeutics Inc.',
    market: 'NASDAQ',
    sectorName: 'Life Sciences',
    industry: 'Pharmaceutical Preparations',
    country: 'United States',
    ipoYear: 2014,
    websiteUrl: 'https://www.acme-therapeutics.example/',
    description:
      'Acme Therapeutics develops small-molecule treatments for rare liver diseases.\n\nIts lead candidate is in a Phase 2 trial.',
    valueProp: 'First oral therapy in a market with no approved treatment.',
    highlights: ['Phase 2 readout expected next year', 'Cash runway into 2027', 'Orphan drug designation'],
    stats: [
      { label: 'Market Cap', value: '$182.40M' },
      { label: 'Last Price', value: '$4.12' },
      { label: '52-Week Range', value: '$2.80 - $5.95' },
    ],
    closes: closes(250),
    management: [
      { name: 'Jane Doe', title: 'Chief Executive Officer' },
      { name: 'John Roe', title: 'Chief Financial Officer' },
    ],
    specialist: { name: 'Pat Lee', email: 'pat.lee@example.com', phone: '+1 212 555 0100' },
    disclosure: 'This profile is for information only and is not investment advice.',
    asOf: '2025-06-30',
    dataSource: 'demo',
    ...overrides,
  };
}

async function pagesOf(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  return { pdf, sizes: pdf.getPages().map((page) => page.getSize()) };
}

describe('company fact sheet', () => {
  it('is exactly one US Letter portrait page', async () => {
    const { sizes } = await pagesOf(await renderFactSheet(company()));
    expect(sizes).toEqual([{ width: 612, height: 792 }]);
  });

  it('names the company in its metadata and dates it from asOf', async () => {
    const { pdf } = await pagesOf(await renderFactSheet(company()));
    expect(pdf.getTitle()).toBe('Acme Therapeutics Inc. (ABCD) Fact Sheet');
    expect(pdf.getAuthor()).toBe('RedCap Research');
    expect(pdf.getSubject()).toContain('Acme Therapeutics Inc.');
    expect(pdf.getCreationDate()?.toISOString()).toBe('2025-06-30T00:00:00.000Z');
    expect(pdf.getModificationDate()?.toISOString()).toBe('2025-06-30T00:00:00.000Z');
  });

  it('stays on one page with a 5,000-word description, a long value proposition and 40 highlights', async () => {
    const words = Array.from({ length: 5000 }, (_, index) => `word${index}`);
    const paragraphs = Array.from({ length: 10 }, (_, index) => words.slice(index * 500, (index + 1) * 500).join(' '));
    const input = company({
      name: 'An Extraordinarily Long Company Name Holdings International Acquisition Corporation Incorporated',
      description: paragraphs.join('\n\n'),
      valueProp: words.slice(0, 800).join(' '),
      highlights: Array.from({ length: 40 }, (_, index) => `Highlight number ${index} ${'with many words '.repeat(8)}`),
      stats: Array.from({ length: 40 }, (_, index) => ({
        label: `Statistic ${index} with a long label`,
        value: '$1,234,567,890.12',
      })),
      management: Array.from({ length: 30 }, (_, index) => ({
        name: `Person ${index}`,
        title: 'Executive Vice President',
      })),
      disclosure: words.join(' '),
    });
    const { sizes } = await pagesOf(await renderFactSheet(input));
    expect(sizes).toHaveLength(1);
  });
});

describe('company investor presentation', () => {
  it('has six landscape 11 x 8.5 in slides', async () => {
    const { pdf, sizes } = await pagesOf(await renderPresentation(company()));
    expect(PRESENTATION_SLIDE_COUNT).toBe(6);
    expect(sizes).toEqual(Array.from({ length: 6 }, () => ({ width: 792, height: 612 })));
    expect(pdf.getTitle()).toBe('Acme Therapeutics Inc. (ABCD) Investor Presentation');
  });

  it('keeps the slide count with very long text and many people', async () => {
    const long = 'lorem ipsum dolor sit amet '.repeat(1000);
    const input = company({
      description: long,
      valueProp: long,
      highlights: Array.from({ length: 40 }, () => long.slice(0, 300)),
      management: Array.from({ length: 30 }, (_, index) => ({ name: `Person ${index}`, title: long.slice(0, 200) })),
    });
    const { sizes } = await pagesOf(await renderPresentation(input));
    expect(sizes).toHaveLength(PRESENTATION_SLIDE_COUNT);
  });
});

describe('both company documents', () => {
  const renderers = [renderFactSheet, renderPresentation];

  it('render characters the standard fonts cannot encode (emoji, Chinese, curly quotes, control characters)', async () => {
    const exotic = '“Quoted” ‘text’ 🚀👍🏽 中文公司 Zoë Łódź ﬁnance naïve\u200b tab\there \u0007 ½ € — –';
    const input = company({
      name: `${exotic} Inc.`,
      description: `${exotic}\n\n${exotic}`,
      valueProp: exotic,
      highlights: [exotic, '🚀'],
      stats: [{ label: exotic, value: '≥ $1' }],
      closes: closes(3).map((point) => ({ ...point, date: '２０２５年' })),
      management: [{ name: '王小明', title: exotic }],
      specialist: { name: '😀', email: 'ir@例え.jp', phone: '☎ 555' },
      disclosure: exotic,
    });
    for (const render of renderers) await expect(render(input)).resolves.toBeInstanceOf(Uint8Array);
  });

  it('render with empty closes, empty lists and every nullable field null', async () => {
    const input = company({
      ipoYear: null,
      websiteUrl: null,
      description: '',
      valueProp: null,
      highlights: [],
      stats: [],
      closes: [],
      management: [],
      specialist: null,
      disclosure: null,
    });
    expect((await pagesOf(await renderFactSheet(input))).sizes).toHaveLength(1);
    expect((await pagesOf(await renderPresentation(input))).sizes).toHaveLength(PRESENTATION_SLIDE_COUNT);
  });

  it('render a single close, a flat series and non-finite closes', async () => {
    const flat = closes(30).map((point) => ({ ...point, close: 2 }));
    const broken = closes(30).map((point, index) => ({ ...point, close: index % 7 === 0 ? Number.NaN : point.close }));
    for (const series of [closes(1), flat, broken]) {
      for (const render of renderers)
        await expect(render(company({ closes: series }))).resolves.toBeInstanceOf(Uint8Array);
    }
  });

  it('render unbroken words wider than their column', async () => {
    const input = company({
      description: 'x'.repeat(3000),
      highlights: ['y'.repeat(500)],
      websiteUrl: `https://${'z'.repeat(300)}.com`,
    });
    for (const render of renderers) await expect(render(input)).resolves.toBeInstanceOf(Uint8Array);
  });

  it('give identical bytes for the same input', async () => {
    for (const render of renderers) {
      const first = await render(company());
      const second = await render(company());
      expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    }
  });
});

describe('sanitizeText', () => {
  it('straightens curly quotes, keeps dashes and WinAnsi letters, and marks the unencodable with ?', () => {
    expect(sanitizeText('“Hi” it’s — – é ½ €')).toBe('"Hi" it\'s — – é ½ €');
    expect(sanitizeText('🚀 中文')).toBe('? ??');
    expect(sanitizeText('👍🏽 e\u0301 ő ﬁ Ł')).toBe('? é o fi L');
  });

  it('keeps line breaks and turns other whitespace and control characters into spaces', () => {
    expect(sanitizeText('a\r\nb\tc\u00a0d\u0007e\u200bf')).toBe('a\nb c d ef');
  });
});
