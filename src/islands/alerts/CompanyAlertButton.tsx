/**
 * The company page's bell beside the heart (docs/product.md §15.7): it
 * opens the dialog of the company's alerts (a chunk of its own, fetched
 * when first opened); guests are sent to log in.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { ALERT_TEXT } from '../../lib/alerts.ts';
import { useSession } from '../use-session.ts';

const CompanyAlertDialog = lazy(() => import('./CompanyAlertDialog.tsx'));

export default function CompanyAlertButton({ symbol, name }: { symbol: string; name: string }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button shrink-0"
        aria-label={ALERT_TEXT.companyButton(name)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => (session ? setOpen(true) : location.assign('/login'))}
        data-testid="company-alerts"
      >
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <CompanyAlertDialog symbol={symbol} name={name} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
