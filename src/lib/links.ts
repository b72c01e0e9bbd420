/**
 * Which addresses staff may link to, one rule for the console's link fields
 * and for the links and images inside rich text (checked on write, at build
 * and in the browser alike).
 */

/**
 * Whether a link is an absolute http(s) address with a host, or a path of
 * this site. Protocol-relative ('//host') and backslash ('/\host') forms,
 * which browsers read as other sites, are not site paths.
 */
export function isSafeLink(value: string): boolean {
  if (value.startsWith('/')) return !/^\/[/\\]/.test(value) && !/[\s\\]/.test(value);
  if (!/^https?:\/\//i.test(value) || /[\s\\]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A link inside rich text: a safe link, or an email address or a place on the same page. */
export const isSafeHref = (value: string): boolean => isSafeLink(value) || /^(?:mailto:|#)[^\s\\]*$/i.test(value);
