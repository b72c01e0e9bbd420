/**
 * Text from an imported file on its way to the operator's terminal or the
 * database. A terminal obeys escape sequences and control characters (an
 * ANSI escape can recolour, clear or rewrite what the operator reads), so
 * every piece of a file that a message or report quotes is shown with them
 * escaped; and the public sources never write them in their data, so a file
 * holding them is refused rather than stored.
 */

/** C0 and C1 control characters and DEL, but the tab and line breaks that text files hold. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * What a terminal would not print as it is: control characters (tab and line
 * breaks included: a message is one line), and the invisible marks that
 * reorder or break a line (bidirectional overrides, line separators).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNPRINTABLE = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The text with every unprintable character written as an escape ('\x1b', '\n', '\u202e'), the rest as it is. */
export const shown = (text: string): string =>
  text.replace(UNPRINTABLE, (character) => {
    const code = character.charCodeAt(0);
    return (
      NAMED[character] ??
      (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`)
    );
  });

/** A value from a file, quoted for a message: escaped, and cut after `max` characters. */
export const quoted = (text: string, max = 80): string =>
  `"${shown(text.length > max ? `${text.slice(0, max)}…` : text)}"`;
