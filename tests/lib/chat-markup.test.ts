import { describe, expect, it } from 'vitest';
import { citedNumbers, parseChatMarkup, parseInline, plainText, safeHref } from '../../src/lib/chat-markup.ts';

describe('the answer markup', () => {
  it('reads bold figures, citation marks and site links in a line', () => {
    expect(parseInline('**AA** last traded at **$2.47** [1], see [the filings](/stocks/AA#filings).')).toEqual([
      { kind: 'strong', children: [{ kind: 'text', text: 'AA' }] },
      { kind: 'text', text: ' last traded at ' },
      { kind: 'strong', children: [{ kind: 'text', text: '$2.47' }] },
      { kind: 'text', text: ' ' },
      { kind: 'cite', n: 1 },
      { kind: 'text', text: ', see ' },
      { kind: 'link', href: '/stocks/AA#filings', children: [{ kind: 'text', text: 'the filings' }] },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps the label of a link to a script or another scheme, but not the link', () => {
    expect(parseInline('[click](javascript:alert`1`)')).toEqual([{ kind: 'text', text: 'click' }]);
    expect(parseInline('[click](javascript:alert(1))').some((inline) => inline.kind === 'link')).toBe(false);
    expect(parseInline('[x](//evil.example/a)')).toEqual([{ kind: 'text', text: 'x' }]);
    expect(safeHref('/\\evil.example')).toBeNull();
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeHref('https://www.sec.gov/Archives/x.txt')).toBe('https://www.sec.gov/Archives/x.txt');
  });

  it('treats markup-looking arithmetic and snake_case as text', () => {
    expect(plainText('5 * 3 = 15 and a_b_c')).toBe('5 * 3 = 15 and a_b_c');
    expect(parseInline('[0] is not a citation')[0]).toEqual({ kind: 'text', text: '[0] is not a citation' });
  });

  it('groups lines into paragraphs, lists, quotes and headings', () => {
    const blocks = parseChatMarkup(
      '## Pipeline\nIntro line\nsecond line\n\n- one [2]\n- two\n1. first\n> quoted text\n> more',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list', 'list', 'quote']);
    expect(blocks[1]).toMatchObject({
      kind: 'paragraph',
      lines: [[{ text: 'Intro line' }], [{ text: 'second line' }]],
    });
    expect(blocks[2]).toMatchObject({ kind: 'list', ordered: false });
    expect(blocks[3]).toMatchObject({ kind: 'list', ordered: true });
    expect(citedNumbers('- one [2]\n\nsee [3] and **[4]**')).toEqual(new Set([2, 3, 4]));
  });
});
