/**
 * The business section of real annual reports (tests/fixtures/edgar/10k, 20f): the opening of a
 * 10-K's Item 1 or a 20-F's Item 4 as plain paragraphs, past the table of contents, without tables,
 * headings, page numbers or inline XBRL's hidden facts; and a report with no such text refused with
 * its reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_LENGTH,
  businessSection,
  itemHeading,
  type BusinessSection,
} from '../../../../src/server/features/edgar/business-section.ts';
import {
  decodeDocument,
  documentBlocks,
  plainTextBlocks,
  type TextBlock,
} from '../../../../src/server/features/edgar/document-text.ts';
import { readSubmissionText } from '../../../../src/server/features/edgar/submission-text.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/edgar');
const document = (name: string) => decodeDocument(fs.readFileSync(path.join(FIXTURES, name)));
const sectionOf = (name: string, form: string) => businessSection(documentBlocks(document(name)), form);

function found(section: BusinessSection): { item: string; description: string } {
  if (!section.found) throw new Error(`no description: ${section.reason}`);
  return section;
}

const paragraphs = (description: string) => description.split('\n\n');

describe('the business section of a 10-K', () => {
  it('is the opening of Item 1 of an inline XBRL report, whose hidden facts are not read', () => {
    const blocks = documentBlocks(document('10k/aapl-20240928.htm'));
    // The ix:header's facts (the CIK, the contexts' members) are in a block no reader sees.
    expect(blocks.some((b) => b.text.includes('CommonStockMember') || b.text === '0000320193')).toBe(false);
    const { item, description } = found(businessSection(blocks, '10-K'));
    expect(item).toBe('1');
    expect(paragraphs(description)[0]).toBe(
      'The Company designs, manufactures and markets smartphones, personal computers, tablets, wearables and accessories, and sells a variety of related services. The Company’s fiscal year is the 52- or 53-week period that ends on the last Saturday of September.',
    );
    // The subheadings between its paragraphs ('Company Background', 'Products', 'iPhone') are left out.
    expect(paragraphs(description)[1]).toMatch(/^iPhone® is the Company’s line of smartphones/);
    expect(description).not.toMatch(/Company Background|^Products$/m);
  });

  it('skips the table of contents, which lists the same heading first', () => {
    const blocks = documentBlocks(document('10k/0001376474-16-000635.htm'));
    const headings = blocks.filter((b) => itemHeading(b.text)?.number === 1 && !itemHeading(b.text)?.letter);
    // Its table of contents ('Item 1.' in a cell), then the section ('ITEM 1: BUSINESS').
    expect(headings.map((b) => [b.text, b.inTable])).toEqual([
      ['Item 1. Business', true],
      ['ITEM 1: BUSINESS', false],
    ]);
    const { description } = found(businessSection(blocks, '10-K'));
    expect(description).toMatch(
      /^Commonwealth Income & Growth Fund V \(the “Partnership” or “CIGF5”\) was formed on May 19, 2003 under the Pennsylvania Revised Uniform Limited Partnership Act\./,
    );
  });

  it('leaves out the tables, headings and boilerplate in the section', () => {
    const { description } = found(sectionOf('10k/0001376474-16-000635.htm', '10-K'));
    // Item 1's headings in capitals, and the forward-looking statements before it.
    expect(description).not.toMatch(/GENERAL|PRINCIPAL INVESTMENT OBJECTIVES|forward-looking/);
    // Its table of equipment types ('Audio Visual 1%'), laid out in cells.
    expect(description).not.toMatch(/Audio Visual|Approximate %/);
    for (const paragraph of paragraphs(description)) expect(paragraph).toMatch(/[.!?]["”’)]*$/);
  });

  it('reads an old hand-written HTML report, its heading with a colon', () => {
    const { item, description } = found(sectionOf('10k/0000950153-99-001234.htm', '10-K'));
    expect(item).toBe('1');
    expect(description).toMatch(
      /^Medicis is the leading independent pharmaceutical company in the United States focusing primarily on the treatment of dermatological conditions\./,
    );
    // 'The Company', the subheading above it, is not part of the text.
    expect(description.startsWith('The Company')).toBe(false);
  });

  it('gives a few paragraphs, as many as reach the target length and never more than the most, ending on a sentence', () => {
    for (const name of ['10k/aapl-20240928.htm', '10k/0001376474-16-000635.htm', '10k/0000950153-99-001234.htm']) {
      const { description } = found(sectionOf(name, '10-K'));
      expect(description.length, name).toBeGreaterThanOrEqual(DESCRIPTION_LENGTH.target);
      expect(description.length, name).toBeLessThanOrEqual(DESCRIPTION_LENGTH.max + 2 * paragraphs(description).length);
      expect(description, name).toMatch(/[.!?]["”’)]*$/);
      expect(paragraphs(description).length, name).toBeGreaterThan(1);
    }
  });

  it('cuts a paragraph that would pass the most at its last sentence that fits', () => {
    const sentence = 'The company makes a widget that measures the flow of water in pipes of every size. ';
    const blocks: TextBlock[] = [
      { text: 'Item 1. Business', inTable: false },
      { text: sentence.repeat(40).trim(), inTable: false },
      { text: 'Item 1A. Risk Factors', inTable: false },
    ];
    const { description } = found(businessSection(blocks, '10-K'));
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_LENGTH.max);
    expect(description.length).toBeGreaterThan(DESCRIPTION_LENGTH.max - sentence.length);
    expect(description.endsWith('pipes of every size.')).toBe(true);
  });

  it('refuses a report whose Item 1 is only a heading, saying so', () => {
    // An asset-backed trust's 10-K omits Item 1 under General Instruction J, naming it in a list.
    const submission = readSubmissionText(
      fs.readFileSync(path.join(FIXTURES, '10k/0001779026-23-000027.txt'), 'utf8'),
      '0001779026-23-000027',
    );
    const section = businessSection(documentBlocks(submission.documents[0]!.text), submission.form);
    expect(section).toEqual({
      found: false,
      reason: 'has no text under Item 1 “Business” (only headings, or a table of contents)',
    });
  });

  it('refuses a document with no Item 1 “Business” at all', () => {
    // A 20-F's Item 1 is “Identity of Directors, Senior Management and Advisors”.
    expect(sectionOf('20f/0000928385-01-500187.txt', '10-K')).toEqual({
      found: false,
      reason: 'has no Item 1 “Business”',
    });
  });
});

describe('the business section of a 20-F', () => {
  it('is the opening of Item 4’s Business Overview (part B), after the company’s history', () => {
    const { item, description } = found(sectionOf('20f/0001062993-21-003193.htm', '20-F'));
    expect(item).toBe('4.B');
    expect(paragraphs(description)[0]).toBe(
      'We are a security and threat detection technology company. Our current activities are focused on the development of security screening and threat detection technology solutions using radar imaging and signal processing technology.',
    );
    expect(description).not.toMatch(/Alexandra Capital Corp/);
  });

  it('is the opening of Item 4 in a plain-text report, a paragraph a page break cut joined again', () => {
    const { item, description } = found(sectionOf('20f/0000928385-01-500187.txt', '20-F'));
    expect(item).toBe('4');
    expect(description).toMatch(/^AEGON NV, domiciled in The Netherlands, is a limited liability stock corporation/);
    // '… and limited banking' ends a page ('-10-'); 'activities. …' begins the next.
    expect(description).toContain('property and casualty insurance and limited banking activities. Consistent with');
    expect(description).not.toMatch(/-10-|Item 5/);
  });
});

describe('item headings', () => {
  it('are read however filers write them', () => {
    const heading = (text: string) => {
      const h = itemHeading(text);
      return h && [h.number, h.letter, h.part, h.title];
    };
    expect(heading('Item 1. Business')).toEqual([1, '', '', 'Business']);
    expect(heading('ITEM 1 – BUSINESS')).toEqual([1, '', '', 'BUSINESS']);
    expect(heading('Item 1.Business')).toEqual([1, '', '', 'Business']);
    expect(heading('ITEM 1: BUSINESS')).toEqual([1, '', '', 'BUSINESS']);
    expect(heading('Items 1 and 2. Business and Properties')).toEqual([1, '', '', 'Business and Properties']);
    expect(heading('PART I, ITEM 1. BUSINESS')).toEqual([1, '', '', 'BUSINESS']);
    expect(heading('Item 1A. Risk Factors')).toEqual([1, 'A', '', 'Risk Factors']);
    expect(heading('Item 4.B Business Overview')).toEqual([4, '', 'B', 'Business Overview']);
    expect(heading('ITEM 4.')).toEqual([4, '', '', '']);
    expect(heading('Item 10. Directors')).toEqual([10, '', '', 'Directors']);
    expect(heading('Item 1112(b) of Regulation AB.')).toBeNull();
    expect(heading('Items of note')).toBeNull();
  });
});

describe('a document’s text', () => {
  it('is Windows-1252 when its bytes are not UTF-8', () => {
    expect(decodeDocument(Buffer.from([0x93, 0x57, 0x65, 0x94, 0x20, 0x96, 0x20, 0x92]))).toBe('“We” – ’');
    expect(decodeDocument(Buffer.from('“We”', 'utf8'))).toBe('“We”');
  });

  it('keeps a plain-text filing’s tables and page marks out of its paragraphs', () => {
    const blocks = plainTextBlocks(
      [
        '<PAGE>',
        'TABLE OF CONTENTS',
        '<TABLE>',
        '<S>                  <C>',
        'Item 4    Information on the Company      9',
        '</TABLE>',
        '',
        'Revenue by region    2000     1999',
        '',
        'A paragraph that runs',
        'over two lines.',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { text: 'TABLE OF CONTENTS', inTable: false },
      { text: 'Revenue by region 2000 1999', inTable: true },
      { text: 'A paragraph that runs over two lines.', inTable: false },
    ]);
  });
});
