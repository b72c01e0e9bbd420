/**
 * Names people give things that others, or they, will read back (a saved screen, a registrant's
 * name): written as one form of Unicode, and without characters that change how the text shows
 * without showing themselves (docs/product.md §7.8, §12.3).
 */

/**
 * The bidirectional embedding, override and isolate controls: in a name they make the text show in
 * another order than it was written ('‮gnp.exe' reads as 'exe.png'). Names in right-to-left scripts
 * need none of them.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * Characters that show nothing: Unicode's format characters (zero-width space, the direction marks
 * and controls, word joiner, invisible operators, soft hyphen, byte order mark, …) and the Hangul
 * fillers that render as blanks. Two exceptions are part of writing: a zero-width joiner or
 * non-joiner between two visible characters (an emoji sequence, Persian or Indic script), and the tag
 * characters that spell a subdivision flag after 🏴.
 */
const INVISIBLE = /[\p{Cf}\u115F\u1160\u3164\uFFA0]/u;
const JOINER = /[\u200C\u200D]/u;
const FLAG_TAGS = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;
const VISIBLE = /[^\s\p{Cf}\u115F\u1160\u3164\uFFA0]/u;

export const hasDirectionControls = (text: string): boolean => DIRECTION_CONTROLS.test(text);

/** Whether a name holds a character that shows nothing (see INVISIBLE for what is allowed). */
export function hasInvisibleCharacters(text: string): boolean {
  const chars = Array.from(text.replace(FLAG_TAGS, '🏴'));
  return chars.some((char, i) => {
    if (!INVISIBLE.test(char)) return false;
    if (!JOINER.test(char)) return true;
    return !(VISIBLE.test(chars[i - 1] ?? '') && VISIBLE.test(chars[i + 1] ?? ''));
  });
}

/**
 * A name in its composed form (NFC), so 'café' typed on one keyboard is 'café' typed on another: two
 * names that look the same are the same name.
 */
export const normalizeName = (text: string): string => text.normalize('NFC');
