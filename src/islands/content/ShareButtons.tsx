/**
 * Share links (social networks and email) and a Share button: the phone's
 * share sheet where there is one, otherwise the link is copied and 'Link
 * copied to clipboard' shows for 1.2 seconds; the button rests 3 seconds
 * after use (docs/product.md §11.4).
 */
import { useState } from 'react';

const COPIED_TEXT = 'Link copied to clipboard';
const COPIED_MS = 1200;
const SHARE_LOCK_MS = 3000;

export default function ShareButtons({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState(false);
  const [locked, setLocked] = useState(false);
  const encodedUrl = encodeURIComponent(url);
  const encodedTitle = encodeURIComponent(title);
  const links = [
    { label: 'Share on X', href: `https://twitter.com/intent/tweet?url=${encodedUrl}&text=${encodedTitle}` },
    { label: 'Share on LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}` },
    { label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}` },
    { label: 'Share by email', href: `mailto:?subject=${encodedTitle}&body=${encodedUrl}` },
  ];

  const share = async () => {
    setLocked(true);
    setTimeout(() => setLocked(false), SHARE_LOCK_MS);
    const mobile = window.matchMedia?.('(pointer: coarse)').matches;
    if (mobile && navigator.share) {
      await navigator.share({ url, title }).catch(() => {});
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      window.prompt('Copy this link', url);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="share-buttons">
      {links.map((link) => (
        <a
          key={link.label}
          href={link.href}
          target={link.href.startsWith('mailto:') ? undefined : '_blank'}
          rel="noopener noreferrer"
          className="btn-secondary px-3! py-1.5! text-sm"
        >
          {link.label.replace('Share on ', '').replace('Share by ', '')}
          <span className="sr-only"> ({link.label})</span>
        </a>
      ))}
      <button
        type="button"
        className="btn-primary px-3! py-1.5! text-sm"
        onClick={() => void share()}
        disabled={locked}
      >
        Share
      </button>
      <span role="status" className="text-sm text-up">
        {copied ? COPIED_TEXT : ''}
      </span>
    </div>
  );
}
