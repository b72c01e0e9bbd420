/**
 * Press releases as companies file them with an 8-K (tests/fixtures/edgar/8k, real filings; its README
 * says where each comes from), read into a company release: the headline, summary and sanitized body,
 * the 8-K's items and the time EDGAR accepted it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  acceptedAt,
  companyReleaseOf,
  isCompanyReleaseForm,
} from '../../../../src/server/features/edgar/company-releases.ts';
import { EdgarDocumentError } from '../../../../src/server/features/edgar/document-error.ts';
import {
  cutAtWord,
  pressReleaseDocument,
  readPressRelease,
} from '../../../../src/server/features/edgar/press-release.ts';
import { readSubmissionText, type SubmissionDocument } from '../../../../src/server/features/edgar/submission-text.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/edgar/8k');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const ABVC = '0001213900-25-032135';

/** A submission text file around documents, with the header fields an 8-K has. */
function submission(documents: string, header: { items?: string[]; accepted?: string } = {}): string {
  return [
    '<SEC-DOCUMENT>0000000000-25-000001.txt : 20250415',
    '<SEC-HEADER>0000000000-25-000001.hdr.sgml : 20250415',
    `<ACCEPTANCE-DATETIME>${header.accepted ?? '20250415163025'}`,
    'ACCESSION NUMBER:\t\t0000000000-25-000001',
    'CONFORMED SUBMISSION TYPE:\t8-K',
    ...(header.items ?? ['Other Events', 'Financial Statements and Exhibits']).map((i) => `ITEM INFORMATION:\t\t${i}`),
    'FILED AS OF DATE:\t\t20250415',
    '</SEC-HEADER>',
    documents,
    '</SEC-DOCUMENT>',
    '',
  ].join('\n');
}

const exhibit = (html: string, type = 'EX-99.1', description = 'PRESS RELEASE') =>
  `<DOCUMENT>\n<TYPE>${type}\n<SEQUENCE>2\n<FILENAME>ex99-1.htm\n<DESCRIPTION>${description}\n<TEXT>\n${html}\n</TEXT>\n</DOCUMENT>`;

const doc = (text: string, type = 'EX-99.1', description = ''): SubmissionDocument => ({
  type,
  sequence: 2,
  filename: 'ex99-1.htm',
  description,
  text,
});

describe('a company release read from a real 8-K', () => {
  const filed = readSubmissionText(fixture(`${ABVC}.txt`), ABVC);
  const release = companyReleaseOf(filed, 'ABVC BioPharma, Inc.')!;

  it('takes its headline from the release’s bold title line, past the exhibit label and the logo', () => {
    expect(release.title).toBe('ABVC BioPharma Announces 2024 Financial Results');
  });

  it('summarises it by the first paragraph of its text, cut at a word', () => {
    expect(release.summary).toMatch(
      /^Silicon Valley, CA \(April 16, 2025\) – ABVC BioPharma, Inc\. \(NASDAQ: ABVC\), a clinical-stage biopharmaceutical company/,
    );
    expect(release.summary!.length).toBeLessThanOrEqual(280);
    expect(release.summary).toMatch(/[a-z]…$/);
  });

  it('keeps the text’s paragraphs, subheadings and tables, and leaves out the title, the label and the picture', () => {
    const html = release.html;
    expect(html).toContain('<p><b>Revenue Growth of 234% Fueled by Global Licensing Milestones</b></p>');
    expect(html).toContain('ABVC reported total revenues of $509,589 in 2024');
    expect(html).toMatch(/<table>[\s\S]*<td><b>Partner<\/b><\/td>[\s\S]*\$18,298,000/);
    // The two one-row tables that lay out a bulleted list are that list.
    expect(html).toContain(
      '<ul><li>Selling, General and Administrative expenses reduced by 58%</li><li>Research and Development expenses reduced by 83%</li></ul>',
    );
    expect(html).not.toContain('ABVC BioPharma Announces 2024 Financial Results');
    expect(html).not.toMatch(/Exhibit 99\.1/);
    expect(html).not.toMatch(/<img|style=|<font/i);
    expect(html).not.toMatch(/<p>(\s|&nbsp;)*<\/p>/);
  });

  it('tags it with the 8-K’s items and publishes it when EDGAR accepted the filing, New York time', () => {
    expect(release.items).toEqual(['2.02', '4.02', '7.01', '9.01']);
    // 2025-04-15 16:30:25 in New York, daylight time (UTC-4).
    expect(release.publishedAt.toISOString()).toBe('2025-04-15T20:30:25.000Z');
    expect(release.exhibit).toBe(`${ABVC} EX-99.1 (ea023837201ex99-1_abvcbio.htm)`);
  });
});

describe('a press release’s layout', () => {
  it('of a Workiva release: the title is the first wholly bold line outside the letterhead table', () => {
    const filed = readSubmissionText(submission(fixture('buckle.8-K.EX99.1.html')), 'buckle');
    const read = readPressRelease(pressReleaseDocument(filed.documents)!, 'buckle');
    expect(read.headline).toBe('THE BUCKLE, INC. REPORTS THIRD QUARTER NET INCOME');
    expect(read.summary).toBe(
      'KEARNEY, NE -- (BUSINESS WIRE) -- The Buckle, Inc. (NYSE: BKE) announced today that net income for the fiscal quarter ended November 2, 2024 was $44.2 million, or $0.89 per share ($0.88 per share on a diluted basis).',
    );
    // Lines laid out as <div>s are paragraphs; bold said by a style is kept as <strong>; page breaks go.
    expect(read.html).toContain('<p>KEARNEY, NE -- (BUSINESS WIRE)');
    expect(read.html).toContain('<p><strong>About Buckle</strong></p>');
    expect(read.html).not.toMatch(/<hr|<img/);
    expect(read.html).toMatch(/<table>/);
  });

  it('without a title line: the headline falls back to the company and what the 8-K reports', () => {
    const filed = readSubmissionText(
      submission(
        exhibit(
          '<p>Exhibit 99.1</p><p>Acme Corp. (NASDAQ: ACME) today reported revenue of $12.0 million for its first quarter.</p>',
        ),
        {
          items: ['Results of Operations and Financial Condition', 'Financial Statements and Exhibits'],
        },
      ),
      'acme',
    );
    const release = companyReleaseOf(filed, 'Acme Corp.')!;
    expect(release.title).toBe('Acme Corp.: Results of Operations and Financial Condition');
    expect(release.summary).toBe(
      'Acme Corp. (NASDAQ: ACME) today reported revenue of $12.0 million for its first quarter.',
    );
  });

  it('a heading is a title, and a bold line after the text began is a subheading, not the title', () => {
    const heading = readPressRelease(
      doc(
        '<h1>Acme Wins Contract</h1><p>Acme Corp. announced a contract worth $4 million with a regional utility today.</p>',
      ),
      'x',
    );
    expect(heading.headline).toBe('Acme Wins Contract');
    const late = readPressRelease(
      doc(
        '<p>Acme Corp. announced a contract worth $4 million with a regional utility today, its largest yet.</p><p><b>About Acme</b></p>',
      ),
      'x',
    );
    expect(late.headline).toBeNull();
  });

  it('filed as plain text: its paragraphs are kept, escaped', () => {
    const read = readPressRelease(
      doc(
        'ACME CORP ANNOUNCES DIVIDEND\n\nAcme Corp. said today that its board declared a dividend of $0.05 <per> share.\n',
      ),
      'x',
    );
    expect(read.html).toBe(
      '<p>ACME CORP ANNOUNCES DIVIDEND</p>\n<p>Acme Corp. said today that its board declared a dividend of $0.05 &lt;per&gt; share.</p>',
    );
  });
});

describe('a hostile press release', () => {
  it('is sanitized: no script, handler, javascript: link, style or outside picture reaches the page', () => {
    const read = readPressRelease(
      doc(
        [
          '<html><head><style>body{display:none}</style><script>alert(1)</script></head><body>',
          '<p style="font-weight:bold">Acme Announces Results</p>',
          '<p onclick="alert(2)">Acme Corp. reported results today, with revenue up 12% to $40 million for the year.</p>',
          '<img src="https://tracker.example/pixel.gif" onerror="alert(3)">',
          '<p><a href="javascript:alert(4)">Read more</a> or <a href="https://www.acme.example/ir">investor relations</a></p>',
          '<iframe src="https://evil.example"></iframe><svg onload="alert(5)"></svg>',
          '</body></html>',
        ].join('\n'),
      ),
      'x',
    );
    expect(read.headline).toBe('Acme Announces Results');
    expect(read.html).not.toMatch(/script|alert|onclick|onerror|onload|javascript:|<style|<img|<iframe|<svg|tracker/i);
    expect(read.html).toContain('<p>Acme Corp. reported results today');
    expect(read.html).toContain('<a>Read more</a>');
    expect(read.html).toContain(
      '<a href="https://www.acme.example/ir" target="_blank" rel="noopener noreferrer nofollow">investor relations</a>',
    );
  });
});

describe('the exhibit read as the release', () => {
  it('is the exhibit 99 its description calls a press release, else EX-99.1 or EX-99', () => {
    const deck = doc('<p>Slides</p>', 'EX-99.1', 'INVESTOR PRESENTATION');
    const press = doc('<p>News</p>', 'EX-99.2', 'Press Release dated April 1, 2025');
    expect(pressReleaseDocument([deck, press])).toBe(press);
    const lone = doc('<p>News</p>', 'EX-99', '');
    expect(pressReleaseDocument([doc('x', '8-K'), lone])).toBe(lone);
    expect(pressReleaseDocument([deck])).toBeNull();
    expect(pressReleaseDocument([{ ...doc('begin 644 release.pdf\nM1'), filename: 'release.pdf' }])).toBeNull();
  });

  it('is missing from an 8-K that files no press release: no company release', () => {
    const filed = readSubmissionText(fixture('0000943374-24-000509.txt'), '0000943374-24-000509');
    expect(filed.form).toBe('8-K');
    expect(companyReleaseOf(filed, '1895 Bancorp of Wisconsin, Inc.')).toBeNull();
  });
});

describe('a press release that cannot be read', () => {
  it('too large to be a release is refused, naming the exhibit', () => {
    const huge = submission(exhibit(`<p>Acme</p>${'<p>Figures and more figures.</p>'.repeat(80_000)}`));
    const filed = readSubmissionText(huge, 'huge');
    expect(() => companyReleaseOf(filed, 'Acme Corp.')).toThrow(EdgarDocumentError);
    try {
      companyReleaseOf(filed, 'Acme Corp.');
    } catch (error) {
      expect((error as EdgarDocumentError).document).toBe('0000000000-25-000001 EX-99.1 (ex99-1.htm)');
      expect((error as EdgarDocumentError).problem).toMatch(
        /^is 2\.\d MB, more than the 2 MB a press release is read to\.$/,
      );
    }
  });

  it('with no text (only a picture) is refused as empty', () => {
    expect(() => readPressRelease(doc('<p><img src="logo.jpg"></p><p>&nbsp;</p>'), 'acme EX-99.1')).toThrow(
      /acme EX-99\.1: holds no text: an empty press release\./,
    );
  });
});

describe('the time EDGAR accepted a filing', () => {
  it('is New York time: standard time in winter, daylight time in summer', () => {
    expect(acceptedAt({ acceptedAt: '20250110163005', filedOn: '2025-01-10' }).toISOString()).toBe(
      '2025-01-10T21:30:05.000Z',
    );
    expect(acceptedAt({ acceptedAt: '20250715080000', filedOn: '2025-07-15' }).toISOString()).toBe(
      '2025-07-15T12:00:00.000Z',
    );
  });

  it('is the start of the filing day when the header has none', () => {
    expect(acceptedAt({ acceptedAt: null, filedOn: '2025-01-10' }).toISOString()).toBe('2025-01-10T05:00:00.000Z');
  });
});

describe('the forms read for company releases', () => {
  it('are 8-K and 8-K/A', () => {
    expect(['8-K', '8-K/A', '8-k', '8-K12B', '10-Q', '4'].map(isCompanyReleaseForm)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('a summary', () => {
  it('is cut at a word with an ellipsis, and kept whole when short', () => {
    expect(cutAtWord('Acme reported revenue of twelve million dollars.', 20)).toBe('Acme reported…');
    expect(cutAtWord('Short.', 20)).toBe('Short.');
  });
});
