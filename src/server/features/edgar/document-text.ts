/**
 * A filed document's visible text as the lines a reader sees: what the readers of long filings
 * (an annual report's business section) look for headings and paragraphs in. EDGAR serves two kinds:
 * - HTML, from old hand-written pages to inline XBRL, where each paragraph is a block element and a
 *   heading is often laid out in table cells ('ITEM 1.' in one, 'BUSINESS' in the next). Each block
 *   becomes a line, and each table row one line marked as a table's, so the callers can skip tables
 *   yet still see a heading laid out in one. What a reader never sees is left out: the head, scripts,
 *   styles, and anything hidden (inline XBRL's `ix:header`, which carries the filing's facts in a
 *   `display:none` block at the top of the document);
 * - plain text (filings before HTML, and some since), where paragraphs are runs of lines between
 *   blank lines, tables are EDGAR's `<TABLE>` sections or lines set out in columns, and pages end
 *   with a number line and a `<PAGE>` mark.
 * The document is read as it streams through an HTML tokenizer (htmlparser2), not built into a tree:
 * an annual report runs to megabytes and the sync reads it on the server's thread.
 */
import { Parser } from 'htmlparser2';

export interface TextBlock {
  /** Its text, white space collapsed. */
  text: string;
  /** A table's row (its cells' text joined), or a line of a plain-text table. */
  inTable: boolean;
}

/** The bytes of a document as text: UTF-8 when they are, else Windows-1252, the code page older filings were typed in. */
export function decodeDocument(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Plain text has none of HTML's block elements (EDGAR's text filings use only `<PAGE>`, `<TABLE>`, `<S>`, `<C>`). */
const HTML_MARK = /<(?:html|body|div|p|font|br|span)\b[^>]*>/i;
export const isHtml = (document: string) => HTML_MARK.test(document.slice(0, 50_000));

export function documentBlocks(document: string): TextBlock[] {
  return isHtml(document) ? htmlBlocks(document) : plainTextBlocks(document);
}

const SPACES = /[\s\u00a0\u2000-\u200b\u202f\u205f\u3000\ufeff]+/g;
const collapse = (text: string) => text.replace(SPACES, ' ').trim();

/** Elements whose start or end begins a new line outside tables. */
const BLOCK = new Set([
  'address',
  'article',
  'blockquote',
  'body',
  'caption',
  'center',
  'dd',
  'div',
  'dl',
  'dt',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'section',
  'table',
  'ul',
]);
/** Elements whose text nobody reads on the page. */
const UNSEEN = new Set(['head', 'title', 'script', 'style', 'noscript', 'template', 'ix:header', 'xml']);
const HIDDEN_STYLE = /(?:^|;)\s*display\s*:\s*none\b/i;

function htmlBlocks(document: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  /** Each open element, and whether opening it hid what it holds or began a table or a <pre>. */
  const open: { name: string; hides: boolean }[] = [];
  let hidden = 0;
  let tables = 0;
  let pre = 0;
  let text = '';

  const flush = () => {
    if (pre) return;
    if (tables) {
      const row = collapse(text);
      if (row) blocks.push({ text: row, inTable: true });
    } else {
      // Two line breaks in a row part paragraphs, as a reader sees them.
      for (const part of text.split(/\n[ \t\u00a0]*\n/)) {
        const line = collapse(part);
        if (line) blocks.push({ text: line, inTable: false });
      }
    }
    text = '';
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const hides = UNSEEN.has(name) || HIDDEN_STYLE.test(attributes.style ?? '');
        open.push({ name, hides });
        if (hides) hidden++;
        if (hidden) return;
        if (name === 'table') {
          flush();
          tables++;
        } else if (name === 'pre') {
          flush();
          pre++;
        } else if (tables) {
          // A table's row is one line; its cells and the blocks inside them are parts of it.
          if (name === 'tr') flush();
          else if (name === 'td' || name === 'th' || name === 'br' || BLOCK.has(name)) text += ' ';
        } else if (name === 'br') text += '\n';
        else if (BLOCK.has(name)) flush();
      },
      onclosetag(name) {
        let at = open.length - 1;
        while (at >= 0 && open[at]!.name !== name) at--;
        if (at < 0) return;
        for (const element of open.splice(at).reverse()) {
          if (element.hides) {
            hidden--;
            continue;
          }
          if (hidden) continue;
          if (element.name === 'table') {
            flush();
            tables--;
          } else if (element.name === 'pre') {
            pre--;
            blocks.push(...plainTextBlocks(text));
            text = '';
          } else if (tables) {
            if (element.name === 'tr') flush();
            else if (element.name === 'td' || element.name === 'th') text += ' ';
          } else if (BLOCK.has(element.name)) flush();
        }
      },
      ontext(data) {
        if (!hidden) text += data;
      },
    },
    { decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.write(document);
  parser.end();
  flush();
  return blocks;
}

/** EDGAR's markup in text filings: a table's section, and the marks of pages, table columns and captions. */
const TEXT_TABLE = /<TABLE>[\s\S]*?<\/TABLE>/gi;
const TEXT_MARKS = /<\/?(?:PAGE|S|C|CAPTION|FN)>/gi;
/** A line of dashes, underscores or equals signs: a rule, or a heading's underline. */
const RULE = /^[\s\-_=*]+$/;
/** A line set out in columns: two gaps of three spaces or more, or one before a closing number (a page). */
const COLUMNS = /\S {3,}\S.* {3,}\S|\S {3,}\d+\s*$/;

export function plainTextBlocks(document: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let paragraph: string[] = [];
  const end = () => {
    const line = collapse(paragraph.join(' '));
    if (line) blocks.push({ text: line, inTable: false });
    paragraph = [];
  };
  const lines = document.replace(TEXT_TABLE, '\n\n').replace(TEXT_MARKS, '').split(/\r?\n/);
  for (const raw of lines) {
    const line = raw.replace(/\t/g, '    ').trim();
    if (!line || RULE.test(line)) end();
    else if (COLUMNS.test(line)) {
      end();
      blocks.push({ text: collapse(line), inTable: true });
    } else paragraph.push(line);
  }
  end();
  return blocks;
}
