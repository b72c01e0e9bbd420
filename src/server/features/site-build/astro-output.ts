/**
 * Reads `astro build` output as it streams: page lines are counted (a build
 * writes thousands), by site section and as rendered or carried over
 * unchanged, with Astro's render times; other lines are kept as the build's
 * recent progress.
 */
import { sectionOf, type PageCounts } from './state.ts';

/** A page line of Astro's build output: '10:02:03   ├─ /news/12/index.html (+3ms)'. */
const PAGE_LINE = /[├└]─\s+\/\S*/;
/** The timing or cache note of a page, when it arrives as a line of its own. */
const PAGE_NOTE = /^\s*\((\+[\d.]+m?s|cached|restored)\)\s*$/;
const UNCHANGED = /\((cached|restored)\)/;
const RENDER_TIME = /\(\+([\d.]+)(ms|s)\)/;
/** Terminal colour codes in the build output. */
const ANSI_ESCAPES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const TAIL_LINES = 40;

export interface BuildOutput {
  /** Pages so far: rendered, or carried over unchanged (updated in place as output arrives). */
  readonly pages: { rendered: number; unchanged: number };
  /** The same by site section, with render time. */
  readonly sections: Record<string, PageCounts>;
  /** The latest lines that are not page lines. */
  readonly tail: string[];
  /** Takes a chunk of output (several lines, or part of one). */
  feed(text: string): void;
}

/** `onLine` hears each line that is not a page line, after it joined the tail. */
export function readBuildOutput(onLine: (line: string) => void = () => {}): BuildOutput {
  const pages = { rendered: 0, unchanged: 0 };
  const sections: Record<string, PageCounts> = {};
  const tail: string[] = [];
  let seen = 0;
  let section: PageCounts | null = null;
  /** One page's name and notes, or a note of its own, from a page line. */
  const countPart = (part: string) => {
    const page = PAGE_LINE.exec(part);
    if (page) {
      seen++;
      const name = sectionOf(page[0].replace(/^[├└]─\s+/, ''));
      section = sections[name] ??= { rendered: 0, unchanged: 0, renderMs: 0 };
      section.rendered++;
    }
    if (UNCHANGED.test(part)) {
      pages.unchanged++;
      if (section) {
        section.unchanged++;
        section.rendered--;
      }
    }
    const took = RENDER_TIME.exec(part);
    if (took && section) section.renderMs += Number(took[1]) * (took[2] === 's' ? 1000 : 1);
  };
  return {
    pages,
    sections,
    tail,
    feed(text) {
      for (const line of text.split('\n')) {
        const clean = line.replace(ANSI_ESCAPES, '').trimEnd();
        if (!clean) continue;
        if (PAGE_LINE.test(clean) || PAGE_NOTE.test(clean)) {
          // Pages render several at a time, so one line may hold several pages, and a
          // rendered page's time may come after another page's name. A cached page's note
          // always follows its own name.
          for (const part of clean.split(/(?=[├└]─)/)) countPart(part);
          pages.rendered = seen - pages.unchanged;
          continue;
        }
        tail.push(clean);
        if (tail.length > TAIL_LINES) tail.shift();
        onLine(clean);
      }
    },
  };
}
