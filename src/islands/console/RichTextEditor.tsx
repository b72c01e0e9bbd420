/**
 * A rich-text field of the console, edited with Quill 2. What it starts from
 * is cleaned by the site's HTML policy first; what it gives back is Quill's
 * semantic HTML with its words spaced as typed, which the server sanitizes
 * again on write. Inserting an image asks for its address (docs/product.md §17.2), and only
 * http(s) addresses are taken.
 */
import { useEffect, useId, useRef } from 'react';
import type QuillType from 'quill';
import 'quill/dist/quill.snow.css';
import './rich-text-editor.css';
import { spaceWords } from '../../lib/html-policy.ts';
import { cleanHtml } from '../clean-html.ts';

interface Props {
  label: string;
  /** HTML the field starts from. */
  value: string;
  onChange(html: string): void;
  /** Shorter for short fields such as a leader's description. */
  compact?: boolean;
}

const TOOLBAR = [
  [{ header: [2, 3, false] }],
  ['bold', 'italic', 'underline', 'link'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['blockquote', 'image'],
  ['clean'],
];

/** Quill's empty document. */
const EMPTY = '<p></p>';

/**
 * Quill's tables know data cells only: a header cell would be merged into
 * one cell with its neighbours, so header cells become data cells (their
 * text and order kept) before the editor reads the HTML.
 */
function withDataCells(html: string): string {
  if (!/<th[\s>]/i.test(html)) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const header of template.content.querySelectorAll('th')) {
    const cell = document.createElement('td');
    cell.append(...header.childNodes);
    header.replaceWith(cell);
  }
  return template.innerHTML;
}

/**
 * Quill's semantic HTML writes every space as '&nbsp;', which would make a
 * paragraph one unbreakable word: the spaces between words become ordinary
 * ones again, so the page wraps lines between words.
 */
export function spacedHtml(html: string): string {
  if (!html.includes('&nbsp;') && !html.includes('\u00a0')) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  spaceWords(template.content);
  return template.innerHTML;
}

export function askImageAddress(ask: (question: string) => string | null = (q) => window.prompt(q)): string | null {
  const answer = ask('Image address (https://…)')?.trim();
  if (!answer) return null;
  return /^https?:\/\/[^\s]+$/i.test(answer) ? answer : null;
}

export default function RichTextEditor({ label, value, onChange, compact = false }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<QuillType | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const labelId = useId();

  useEffect(() => {
    let cancelled = false;
    // Quill touches the document when it loads: only in the browser, and only on console pages.
    void import('quill').then(({ default: Quill }) => {
      if (cancelled || !host.current) return;
      const editor = new Quill(host.current, {
        theme: 'snow',
        modules: {
          // Articles carry tables (key figures): the table module keeps their rows and cells through an edit.
          table: true,
          toolbar: {
            container: TOOLBAR,
            handlers: {
              image(this: { quill: QuillType }) {
                const address = askImageAddress();
                if (!address) return;
                const at = this.quill.getSelection(true)?.index ?? this.quill.getLength();
                this.quill.insertEmbed(at, 'image', address, 'user');
              },
            },
          },
        },
      });
      editor.root.setAttribute('aria-labelledby', labelId);
      editor.root.setAttribute('role', 'textbox');
      editor.root.setAttribute('aria-multiline', 'true');
      // Set, not pasted: a paste also selects the editor, which would take the focus (and the keystrokes)
      // from the field staff are typing in while the editors of a page load.
      editor.setContents(editor.clipboard.convert({ html: withDataCells(cleanHtml(value || '')), text: '' }), 'silent');
      editor.on('text-change', () => {
        const html = spacedHtml(editor.getSemanticHTML());
        changed.current(html === EMPTY ? '' : html);
      });
      quill.current = editor;
    });
    return () => {
      cancelled = true;
      quill.current = null;
    };
    // The editor is made once per mount: a new record mounts a new editor (keyed by its caller).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="flex flex-col gap-1" data-testid="rich-text">
      <span id={labelId} className="text-sm font-semibold">
        {label}
      </span>
      <div className="rich-text-editor rounded border border-line bg-surface text-fg">
        <div ref={host} className={compact ? 'min-h-24' : 'min-h-48'} />
      </div>
    </div>
  );
}
