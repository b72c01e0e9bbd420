/**
 * The company page's bell beside the heart (docs/product.md §15.7): it
 * opens the dialog of the company's alerts (a chunk of its own, fetched
 * when first opened); guests are sent to log in.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { ALERT_TEXT } from '../../lib/alerts.ts';
import BellIcon from '../BellIcon.tsx';
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
        <BellIcon size={22} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <CompanyAlertDialog symbol={symbol} name={name} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
