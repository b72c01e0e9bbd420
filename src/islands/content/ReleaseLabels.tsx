/**
 * What marks a company release in the islands' news lists and article (docs/product.md §10.8): the
 * `Company release` mark, and the link to the filing it came with.
 */
import { RELEASE_TEXT } from '../../lib/company-releases.ts';

export function ReleaseMark() {
  return (
    <span className="release-mark" title={RELEASE_TEXT.markTitle}>
      {RELEASE_TEXT.mark}
    </span>
  );
}

export function ReleaseFilingLink({ url }: { url: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="font-semibold text-primary hover:underline">
      {RELEASE_TEXT.filing}
    </a>
  );
}
