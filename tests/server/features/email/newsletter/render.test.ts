/** A newsletter issue written out as the email readers get, in HTML and plain text. */
import { describe, expect, it } from 'vitest';
import { renderIssueEmail } from '../../../../../src/server/features/email/newsletter/render.ts';

const issue = {
  subject: 'RedCap Weekly: the week of March 2, 2026',
  intro: '<p>Here is the week in small caps.</p>',
  sections: [],
  articleId: 12,
};

describe('the plain-text part of an issue', () => {
  it('names the newsletter once and gives the subject as staff wrote it', () => {
    const { text } = renderIssueEmail(issue, { name: 'Ada' }, { siteUrl: 'https://redcap.example' });
    const lines = text.split('\n');
    expect(lines.slice(0, 2)).toEqual(['RedCap · the weekly newsletter', 'RedCap Weekly: the week of March 2, 2026']);
    expect(text.match(/RedCap Weekly/g)).toHaveLength(1);
  });

  it('reads in the order of the HTML: masthead, subject, web link, greeting', () => {
    const { text, html } = renderIssueEmail(
      { ...issue, subject: 'Five biotech readouts' },
      { name: null },
      { siteUrl: 'https://redcap.example' },
    );
    expect(text.startsWith('RedCap · the weekly newsletter\nFive biotech readouts\nRead it on the web: ')).toBe(true);
    expect(text).toContain('\nHello,\n');
    expect(html).toContain('>RedCap · the weekly newsletter</p>');
  });
});
