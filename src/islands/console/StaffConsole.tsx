/**
 * The admin console (/tools; docs/product.md §17.2): tabs News, Events, Videos, Add
 * Notifications, Newsletter, Analysts, IPOs and Data. The open tab is kept in the address (?tab=) so a reload or
 * a shared link opens the same one; arrow keys move between tabs.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CONSOLE_LISTS, type ConsoleList } from '../../lib/console.ts';
import AnalystRatings from './AnalystRatings.tsx';
import BroadcastForm from './BroadcastForm.tsx';
import DataSources from './DataSources.tsx';
import IpoCorrections from './IpoCorrections.tsx';
import NewsletterDesk from './NewsletterDesk.tsx';
import RecordList from './RecordList.tsx';

type Tab = ConsoleList | 'notifications' | 'newsletter' | 'analysts' | 'ipos' | 'data';
const TABS: { key: Tab; label: string }[] = [
  ...(Object.keys(CONSOLE_LISTS) as ConsoleList[]).map((key) => ({ key, label: CONSOLE_LISTS[key].label })),
  { key: 'notifications', label: 'Add Notifications' },
  { key: 'newsletter', label: 'Newsletter' },
  { key: 'analysts', label: 'Analysts' },
  { key: 'ipos', label: 'IPOs' },
  { key: 'data', label: 'Data' },
];

function tabFromAddress(): Tab {
  const asked = new URLSearchParams(location.search).get('tab');
  return TABS.find((t) => t.key === asked)?.key ?? 'news';
}

export default function StaffConsole() {
  const [tab, setTab] = useState<Tab>(tabFromAddress);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    const back = () => setTab(tabFromAddress());
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);

  const choose = (next: Tab) => {
    if (next === tab) return;
    setTab(next);
    const url = new URL(location.href);
    url.searchParams.set('tab', next);
    history.pushState(null, '', url);
  };

  const arrows = (event: KeyboardEvent) => {
    const at = TABS.findIndex((t) => t.key === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : (at + step + TABS.length) % TABS.length;
    choose(TABS[next]!.key);
    buttons.current[next]?.focus();
  };

  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label="Console sections"
        className="flex flex-wrap border-b border-line"
        onKeyDown={arrows}
      >
        {TABS.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tools-tab-${t.key}`}
            aria-selected={t.key === tab}
            aria-controls={`tools-panel-${t.key}`}
            tabIndex={t.key === tab ? 0 : -1}
            className="tab-link"
            aria-current={t.key === tab ? 'page' : undefined}
            onClick={() => choose(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`tools-panel-${tab}`} aria-labelledby={`tools-tab-${tab}`}>
        {tab === 'notifications' ? (
          <BroadcastForm />
        ) : tab === 'newsletter' ? (
          <NewsletterDesk />
        ) : tab === 'analysts' ? (
          <AnalystRatings />
        ) : tab === 'ipos' ? (
          <IpoCorrections />
        ) : tab === 'data' ? (
          <DataSources />
        ) : (
          <RecordList key={tab} list={tab} />
        )}
      </div>
    </div>
  );
}
