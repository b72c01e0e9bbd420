import { describe, expect, it } from 'vitest';
import { spacedHtml } from '../../../src/islands/console/RichTextEditor.tsx';

describe('the rich-text editor', () => {
  it('gives back the words of what is typed separated by ordinary spaces, not the editor’s non-breaking ones', () => {
    // What Quill 2's semantic HTML makes of "Retail investors bought the dip" with a bold word and a list.
    const fromQuill =
      '<p>Retail&nbsp;investors&nbsp;<strong>bought</strong>&nbsp;the&nbsp;dip.</p><ul><li>First&nbsp;point</li></ul>';
    expect(spacedHtml(fromQuill)).toBe(
      '<p>Retail investors <strong>bought</strong> the dip.</p><ul><li>First point</li></ul>',
    );
  });

  it('keeps an empty paragraph and an indented line as staff wrote them', () => {
    expect(spacedHtml('<p>&nbsp;</p><p>&nbsp;&nbsp;Indented&nbsp;line</p>')).toBe(
      '<p>&nbsp;</p><p>&nbsp;&nbsp;Indented line</p>',
    );
  });
});
