// @vitest-environment jsdom
// The browser sanitizer in a standards DOM (happy-dom parses fragments differently from browsers).
import { describe, expect, it } from 'vitest';
import { cleanHtml } from '../../src/islands/clean-html.ts';

describe('staff HTML cleaned again in the browser', () => {
  it('drops a link to a backslash path, which the browser would follow to another site', () => {
    const html = cleanHtml('<p><a href="/\\evil.example/x">Read more</a> and <a href="/news/12/">the article</a></p>');
    expect(html).not.toContain('evil.example');
    expect(html).toContain('Read more');
    expect(html).toContain('href="/news/12/"');
  });

  it('separates words with ordinary spaces so lines wrap between them', () => {
    expect(cleanHtml('<p>Small&nbsp;caps&nbsp;<em>rallied</em>&nbsp;today.</p>')).toBe(
      '<p>Small caps <em>rallied</em> today.</p>',
    );
  });

  it('keeps a picture’s size and a table header’s scope, as the server’s sanitizer does', () => {
    expect(
      cleanHtml('<img src="/chart.png" alt="" width="600" height="300"><table><tr><th scope="row">A</th></tr></table>'),
    ).toBe(
      '<img src="/chart.png" alt="" width="600" height="300" loading="lazy"><table><tbody><tr><th scope="row">A</th></tr></tbody></table>',
    );
  });
});
