import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/build/sanitize.ts';

describe('staff HTML cleaned on write and at build', () => {
  it('drops link addresses the link fields refuse, such as a backslash path that leaves the site', () => {
    const html = sanitizeHtml(
      [
        '<a href="/\\evil.example/x">backslash</a>',
        '<a href="/\\/evil.example">backslash slash</a>',
        '<a href="//evil.example/x">protocol-relative</a>',
        '<a href="https:\\\\evil.example">backslash host</a>',
        '<img src="/\\evil.example/pixel.png" alt="pixel">',
      ].join(''),
    );
    expect(html).not.toContain('evil.example');
    // The words stay, as text.
    expect(html).toContain('backslash');
    expect(html).toContain('alt="pixel"');
  });

  it('keeps links the link fields take, with email addresses and places on the page', () => {
    const html = sanitizeHtml(
      '<a href="/stocks/ABCD">page</a><a href="https://example.com/a?b=1">site</a><a href="mailto:ir@example.com">mail</a><a href="#risks">risks</a><img src="https://example.com/chart.png" alt="">',
    );
    expect(html).toContain('href="/stocks/ABCD"');
    expect(html).toContain('href="https://example.com/a?b=1"');
    expect(html).toContain('href="mailto:ir@example.com"');
    expect(html).toContain('href="#risks"');
    expect(html).toContain('src="https://example.com/chart.png"');
  });

  it('separates words with ordinary spaces, across formatting, so lines wrap between words', () => {
    const html = sanitizeHtml(
      '<p>Retail&nbsp;investors&nbsp;<strong>bought</strong>&nbsp;the&#160;dip\u00a0again.</p><ul><li>One&nbsp;item</li></ul>',
    );
    expect(html).toBe('<p>Retail investors <strong>bought</strong> the dip again.</p><ul><li>One item</li></ul>');
  });

  it('keeps non-breaking spaces that begin a line: an empty paragraph and an indent stay as written', () => {
    const html =
      '<p>&nbsp;</p><p>&nbsp;&nbsp;Indented&nbsp;line</p><p>First<br>&nbsp;&nbsp;<em>second</em>&nbsp;line</p>';
    expect(sanitizeHtml(html)).toBe(
      '<p>&nbsp;</p><p>&nbsp;&nbsp;Indented line</p><p>First<br>&nbsp;&nbsp;<em>second</em> line</p>',
    );
  });

  it('keeps the sizes of pictures, the spans and scopes of table cells and the start of a list', () => {
    const html =
      '<img src="/chart.png" alt="Chart" width="1200" height="630"><table><thead><tr><th scope="col" colspan="2">Revenue</th></tr></thead><tbody><tr><td rowspan="2">Q1</td><td>$2M</td></tr></tbody></table><ol start="3"><li>Third</li></ol>';
    expect(sanitizeHtml(html)).toBe(
      '<img src="/chart.png" alt="Chart" width="1200" height="630" loading="lazy"><table><thead><tr><th scope="col" colspan="2">Revenue</th></tr></thead><tbody><tr><td rowspan="2">Q1</td><td>$2M</td></tr></tbody></table><ol start="3"><li>Third</li></ol>',
    );
  });

  it('changes nothing the second time', () => {
    const once = sanitizeHtml('<p>&nbsp;Lead&nbsp;<a href="/x">in</a>&nbsp;text&nbsp;</p>');
    expect(sanitizeHtml(once)).toBe(once);
  });
});
