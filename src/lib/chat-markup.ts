/**
 * The text of a RedChat answer: a small part of Markdown (paragraphs, lists,
 * quotes, headings, bold, italics, code, links) plus citation marks `[n]`
 * that point at the answer's n-th source. Parsed into plain data that the
 * frame renders as elements, never as HTML, so nothing an answer contains
 * (a model's output, a quoted article) can run in the page. Links go only to
 * this site's paths or to http(s) addresses.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: Inline[] }
  | { kind: 'cite'; n: number };

export type Block =
  | { kind: 'paragraph'; lines: Inline[][] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'quote'; lines: Inline[][] }
  | { kind: 'heading'; inlines: Inline[] };

/** A link target an answer may use: a path of this site, or an http(s) address. */
export function safeHref(href: string): string | null {
  const value = href.trim();
  // '//host' and '/\host' are other sites in a browser's eyes.
  if (/^\/(?![/\\])/.test(value)) return value;
  if (/^https?:\/\/[^\s/\\]+/i.test(value)) return value;
  return null;
}

const CITE = /^\[(\d{1,2})\]/;
const LINK = /^\[([^\]\n]{1,300})\]\(([^()\s]{1,2000})\)/;

/** Inline marks of one line of text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ kind: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const cite = CITE.exec(rest);
    if (cite && Number(cite[1]) >= 1) {
      flush();
      out.push({ kind: 'cite', n: Number(cite[1]) });
      i += cite[0].length;
      continue;
    }
    const link = LINK.exec(rest);
    if (link) {
      flush();
      const href = safeHref(link[2]!);
      const children = parseInline(link[1]!);
      if (href) out.push({ kind: 'link', href, children });
      else out.push(...children);
      i += link[0].length;
      continue;
    }
    if (rest.startsWith('**')) {
      const close = rest.indexOf('**', 2);
      if (close > 2) {
        flush();
        out.push({ kind: 'strong', children: parseInline(rest.slice(2, close)) });
        i += close + 2;
        continue;
      }
    }
    if (rest[0] === '`') {
      const close = rest.indexOf('`', 1);
      if (close > 1) {
        flush();
        out.push({ kind: 'code', text: rest.slice(1, close) });
        i += close + 1;
        continue;
      }
    }
    // *italics* and _italics_, only around a word (so "5 * 3" and snake_case stay as they are).
    if ((rest[0] === '*' || rest[0] === '_') && /\S/.test(rest[1] ?? '')) {
      const mark = rest[0];
      const close = rest.indexOf(mark, 1);
      const before = text[i - 1];
      if (close > 1 && /\S/.test(rest[close - 1]!) && (before === undefined || !/\w/.test(before))) {
        flush();
        out.push({ kind: 'em', children: parseInline(rest.slice(1, close)) });
        i += close + 1;
        continue;
      }
    }
    plain += text[i];
    i++;
  }
  flush();
  return out;
}

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;
const QUOTE = /^\s*>\s?(.*)$/;
const HEADING = /^\s*#{1,6}\s+(.*)$/;

/** The blocks of an answer's text. */
export function parseChatMarkup(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  const close = () => {
    if (current) blocks.push(current);
    current = null;
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (!line.trim()) {
      close();
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = numbered !== null;
      const item = parseInline((bullet ?? numbered)![1]!);
      if (current?.kind === 'list' && current.ordered === ordered) current.items.push(item);
      else {
        close();
        current = { kind: 'list', ordered, items: [item] };
      }
      continue;
    }
    const quote = QUOTE.exec(line);
    if (quote) {
      if (current?.kind === 'quote') current.lines.push(parseInline(quote[1]!));
      else {
        close();
        current = { kind: 'quote', lines: [parseInline(quote[1]!)] };
      }
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      close();
      blocks.push({ kind: 'heading', inlines: parseInline(heading[1]!) });
      continue;
    }
    if (current?.kind === 'paragraph') current.lines.push(parseInline(line.trim()));
    else {
      close();
      current = { kind: 'paragraph', lines: [parseInline(line.trim())] };
    }
  }
  close();
  return blocks;
}

/** The citation numbers an answer's text uses. */
export function citedNumbers(text: string): Set<number> {
  const found = new Set<number>();
  const visit = (inlines: Inline[]) => {
    for (const inline of inlines) {
      if (inline.kind === 'cite') found.add(inline.n);
      else if (inline.kind === 'strong' || inline.kind === 'em' || inline.kind === 'link') visit(inline.children);
    }
  };
  for (const block of parseChatMarkup(text)) {
    if (block.kind === 'paragraph' || block.kind === 'quote') block.lines.forEach(visit);
    else if (block.kind === 'list') block.items.forEach(visit);
    else visit(block.inlines);
  }
  return found;
}

/** The answer as plain text (markup and citation marks removed), for titles, previews and tests. */
export function plainText(text: string): string {
  const words = (inlines: Inline[]): string =>
    inlines
      .map((inline) => {
        switch (inline.kind) {
          case 'text':
          case 'code':
            return inline.text;
          case 'cite':
            return '';
          default:
            return words(inline.children);
        }
      })
      .join('');
  return parseChatMarkup(text)
    .map((block) => {
      if (block.kind === 'list') return block.items.map(words).join('\n');
      if (block.kind === 'heading') return words(block.inlines);
      return block.lines.map(words).join('\n');
    })
    .join('\n\n');
}
