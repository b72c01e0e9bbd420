/**
 * What a company says it does, in its own annual report (docs/product.md §9.2, §9.11): the opening
 * of a 10-K's Item 1 "Business", or of a 20-F's Item 4 "Information on the Company" (from its
 * part B, "Business Overview", when it has one: part A is the company's history), as a few plain
 * paragraphs ending on a sentence.
 *
 * A report names its items twice or more: in its table of contents, in cross-references ("see
 * Item 1A"), and at the head of each section. The section is the first heading of the item followed
 * by text of its own before the next item's heading; a table of contents lists the next heading at
 * once. Tables, headings, page numbers, running headers and boilerplate (forward-looking statements,
 * what "we" means) are not the company's description and are left out; a paragraph a page break
 * cut in two is joined again. A report whose item holds no text (an asset-backed trust's 10-K
 * omits Item 1; an amendment may file only Part III) gives no description, and says why.
 */
import type { TextBlock } from './document-text.ts';

/** The description's length: paragraphs are added until it reaches TARGET, and it never passes MAX. */
export const DESCRIPTION_LENGTH = { target: 1500, max: 2500 } as const;
/** Below this much text under its heading an item is a table of contents' entry, or left empty. */
const MIN_SECTION = 300;

export type BusinessSection =
  { found: true; item: '1' | '4' | '4.B'; description: string } | { found: false; reason: string };

export interface ItemHeading {
  number: number;
  /** '1A', '4A': an item of its own. */
  letter: string;
  /** '4.B': a part of item 4. */
  part: string;
  /** What follows the item's number ('Business', 'Information on the Company 9'); '' when on the next line. */
  title: string;
}

/** 'Item 1. Business', 'ITEM 1 – BUSINESS', 'Item 1.Business', 'Items 1 and 2. Business and Properties', 'Item 4.B Business Overview', 'PART I, ITEM 1'. */
const ITEM = /^(?:part\s+[iv]+\s*[,.:–—-]?\s*)?items?\s*(\d{1,2})([a-d])?(?:\.\s*([a-d])(?![a-z]))?(?![\da-z])/i;

export function itemHeading(text: string): ItemHeading | null {
  const match = ITEM.exec(text);
  if (!match) return null;
  const title = text
    .slice(match[0].length)
    .replace(/^\s*(?:and|&|,)\s*\d{1,2}[a-d]?(?![\da-z])/i, '')
    .replace(/^[\s.:–—-]+/, '');
  return {
    number: Number(match[1]),
    letter: (match[2] ?? '').toUpperCase(),
    part: (match[3] ?? '').toUpperCase(),
    title,
  };
}

const PART_TWO = /^part\s+(?:ii|iii|iv)\b/i;

/** A page's number or running header: '12', '- 12 -', 'F-3', 'Page 12', 'Table of Contents', 'Apple Inc. | 2024 Form 10-K | 12'. */
const FURNITURE =
  /^(?:(?:page\s*)?[-–—]?\s*(?:[a-z]-?)?\d{1,3}\s*[-–—]?|table of contents|index|(?:back|return) to (?:the )?(?:table of )?contents|.{0,80}\|\s*\d{1,3})$/i;

/** Paragraphs that are about the report, not the company. */
const NOT_ABOUT_THE_COMPANY = [
  /forward[- ]looking statements?/i,
  /incorporated (?:herein )?by reference/i,
  /(?:the terms|references to|refer to)\s+["“]?(?:we|us|our|the company)["”,]/i,
  /\b(?:we|the company) (?:use|uses|may use) (?:our|its) website/i,
];

/** A sentence's end: its stop (and closing quote or bracket) before a space and a capital, or the text's end. */
const ABBREVIATION =
  /\b(?:inc|corp|co|ltd|llc|no|nos|mr|mrs|ms|dr|st|jr|sr|vs|approx|dept|u\.s|u\.k|e\.g|i\.e|n\.v|s\.a|l\.p)$/i;

function sentenceEnds(text: string): number[] {
  const ends: number[] = [];
  const pattern = /[.!?]["”’)\]]*(?=\s+["“(]?[A-Z0-9]|\s*$)/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const before = text.slice(0, match.index);
    if (match[0].startsWith('.') && ABBREVIATION.test(before)) continue;
    ends.push(match.index + match[0].length);
  }
  return ends;
}

const endsASentence = (text: string) => /[.!?]["”’)\]]*$/.test(text);

/** Whether a line reads as a paragraph of the company's description. */
function isProse(text: string): boolean {
  if (text.length < 60 || !endsASentence(text)) return false;
  const letters = text.replace(/[^a-z]/gi, '');
  // A heading in capitals, however long, is not prose.
  if (letters === letters.toUpperCase()) return false;
  return !NOT_ABOUT_THE_COMPANY.some((pattern) => pattern.test(text));
}

/**
 * A section's lines with the page furniture taken out and the paragraphs a page break cut joined
 * again: a line that stops mid-sentence, followed by one that goes on in lower case.
 */
function joinedLines(blocks: readonly TextBlock[]): TextBlock[] {
  const out: TextBlock[] = [];
  for (const block of blocks) {
    if (FURNITURE.test(block.text)) continue;
    const last = out.at(-1);
    const cut = last && !last.inTable && last.text.length >= 60 && /[\p{L},;\-–]$/u.test(last.text);
    if (cut && !block.inTable && /^[a-z(]/.test(block.text)) last!.text = `${last!.text} ${block.text}`;
    else out.push({ ...block });
  }
  return out;
}

/** A section's paragraphs, up to the description's length, the last cut at a sentence when it would pass MAX. */
function description(blocks: readonly TextBlock[]): string {
  const paragraphs: string[] = [];
  let length = 0;
  for (const { text, inTable } of joinedLines(blocks)) {
    if (inTable || !isProse(text)) continue;
    if (length + text.length <= DESCRIPTION_LENGTH.max) {
      paragraphs.push(text);
      length += text.length;
    } else {
      const room = DESCRIPTION_LENGTH.max - length;
      const end = sentenceEnds(text)
        .filter((at) => at <= room)
        .at(-1);
      if (end) paragraphs.push(text.slice(0, end));
      break;
    }
    if (length >= DESCRIPTION_LENGTH.target) break;
  }
  return paragraphs.join('\n\n');
}

const proseLength = (blocks: readonly TextBlock[]) =>
  joinedLines(blocks)
    .filter((b) => !b.inTable && isProse(b.text))
    .reduce((sum, b) => sum + b.text.length, 0);

interface Section {
  /** The lines under the heading, to the next item's heading. */
  blocks: TextBlock[];
}

/**
 * The first heading of item `number` (no letter, no part) whose title `title` accepts, followed by
 * at least MIN_SECTION of prose before the next item; which headings there were, when none is.
 */
function findSection(
  blocks: readonly TextBlock[],
  number: number,
  title: RegExp,
): { section: Section | null; headings: number } {
  let headings = 0;
  for (let i = 0; i < blocks.length; i++) {
    const heading = itemHeading(blocks[i]!.text);
    if (!heading || heading.number !== number || heading.letter || heading.part) continue;
    let start = i + 1;
    let named = heading.title;
    // 'ITEM 1.' on its line (or in its cell), 'BUSINESS' on the next.
    if (!named && blocks[start] && blocks[start]!.text.length <= 100) named = blocks[start++]!.text;
    const titled = title.exec(named);
    if (!titled) continue;
    headings++;
    const lines: TextBlock[] = [];
    // What follows the title on the heading's own line is the section's first paragraph.
    const rest = named.slice(titled[0].length).replace(/^[\s.:–—-]+/, '');
    if (rest && heading.title) lines.push({ text: rest, inTable: blocks[i]!.inTable });
    for (let at = start; at < blocks.length; at++) {
      const line = blocks[at]!;
      const next = itemHeading(line.text);
      if ((next && (next.number !== number || next.letter)) || PART_TWO.test(line.text)) break;
      lines.push(line);
    }
    if (proseLength(lines) >= MIN_SECTION) return { section: { blocks: lines }, headings };
  }
  return { section: null, headings };
}

const BUSINESS_TITLE = /^(?:description of (?:the )?)?business\b/i;
const COMPANY_TITLE = /^information on the company\b/i;
/** 20-F Item 4's part B: 'B. Business Overview', 'Item 4.B Business Overview', or 'Business Overview' alone. */
const OVERVIEW = /^(?:(?:item\s*)?4\s*\.?\s*)?(?:b\s*[.:)–—-]?\s*)?business overview\s*[.:]?$/i;

/** Where Item 4's part B starts, or null: its heading on one line, or 'B.' with 'Business Overview' on the next. */
function overviewStart(blocks: readonly TextBlock[]): number | null {
  for (let i = 0; i < blocks.length; i++) {
    const text = blocks[i]!.text;
    if (OVERVIEW.test(text)) return i + 1;
    if (/^b\s*[.:)]?$/i.test(text) && blocks[i + 1] && /^business overview\s*[.:]?$/i.test(blocks[i + 1]!.text))
      return i + 2;
  }
  return null;
}

/** The business section of an annual report's main document, read into blocks (document-text.ts). */
export function businessSection(blocks: readonly TextBlock[], form: string): BusinessSection {
  if (/^20-F/i.test(form)) {
    const { section, headings } = findSection(blocks, 4, COMPANY_TITLE);
    if (!section)
      return {
        found: false,
        reason: headings
          ? 'has no text under Item 4 “Information on the Company” (only headings, or a table of contents)'
          : 'has no Item 4 “Information on the Company”',
      };
    const overview = overviewStart(section.blocks);
    if (overview !== null) {
      const text = description(section.blocks.slice(overview));
      if (text.length >= MIN_SECTION) return { found: true, item: '4.B', description: text };
    }
    return { found: true, item: '4', description: description(section.blocks) };
  }
  const { section, headings } = findSection(blocks, 1, BUSINESS_TITLE);
  if (!section)
    return {
      found: false,
      reason: headings
        ? 'has no text under Item 1 “Business” (only headings, or a table of contents)'
        : 'has no Item 1 “Business”',
    };
  return { found: true, item: '1', description: description(section.blocks) };
}
