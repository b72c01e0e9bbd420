/**
 * Clients Management (/tools/client; docs/product.md §17.3): choose a client (searched on
 * the server), edit its contract, disclosure, assigned specialist, company
 * name and active flag, make another listed company a client, and edit the
 * chosen client's landing page and leaders. The chosen client is kept in
 * the address (?symbol=).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { CONSOLE_MESSAGES, countOf } from '../../lib/console.ts';
import { showSnackbar } from '../../stores/snackbar.ts';
import LoadFailed from '../LoadFailed.tsx';
import { useServerRead } from '../use-server-read.ts';
import ClientEditor from './ClientEditor.tsx';
import LandingEditor from './LandingEditor.tsx';
import LeadersEditor from './LeadersEditor.tsx';
import type { ClientRecord } from '../../lib/console-records.ts';
import { ConsoleError, createClient, getClient, listClients, listSpecialists, orNone } from './console-api.ts';

const SEARCH_DELAY_MS = 300;

/** The clients a search finds (up to a hundred), and how many there are. */
const readClients = (query: string) => listClients(query).then((page) => ({ items: page.data, total: page.total }));
/** A client the list does not show, by its ticker (null when there is none). */
const readClient = (symbol: string) => orNone(getClient(symbol));

function symbolFromAddress(): string | null {
  return new URLSearchParams(location.search).get('symbol')?.toUpperCase() ?? null;
}

export default function ClientsManagement() {
  const ids = { search: useId(), add: useId() };
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [symbol, setSymbol] = useState<string | null>(symbolFromAddress);
  const [newSymbol, setNewSymbol] = useState('');
  const [createError, setCreateError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const read = useServerRead('clients', query, readClients);
  const reload = read.retry;
  // While the next search is read, or when that read failed, the last list stays on screen.
  const clients = read.latest;

  const specialists = useServerRead('specialists', '', listSpecialists);
  useEffect(() => {
    const back = () => setSymbol(symbolFromAddress());
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);

  // The chosen client: from the list when it is there, otherwise looked up by its ticker.
  const listed = clients?.items.find((c) => c.company_symbol === symbol) ?? null;
  const lookup = useServerRead('client', symbol && clients && !listed ? symbol : null, readClient);
  // (Until the lookup of a newly chosen ticker starts, the read holds the last one's answer.)
  const lookedUp = lookup.status === 'ready' && lookup.data?.company_symbol === symbol ? lookup.data : null;
  const chosen = listed ?? lookedUp;

  const choose = (next: string) => {
    setSymbol(next);
    const url = new URL(location.href);
    url.searchParams.set('symbol', next);
    history.pushState(null, '', url);
  };

  const replaced = (client: ClientRecord) => {
    lookup.replace(() => client);
    read.replace((list) => ({
      ...list,
      items: list.items.map((c) => (c.company_symbol === client.company_symbol ? client : c)),
    }));
  };

  const makeClient = async (event: FormEvent) => {
    event.preventDefault();
    const ticker = newSymbol.trim().toUpperCase();
    if (!/^[A-Z.-]{1,12}$/.test(ticker)) {
      setCreateError(`${CONSOLE_MESSAGES.clients.create}: enter a ticker such as ABCD`);
      return;
    }
    setCreating(true);
    setCreateError(null);
    try {
      const client = await createClient({ company_symbol: ticker, active: true });
      showSnackbar(`${client.companyName} is now a client.`, 'success');
      setNewSymbol('');
      choose(client.company_symbol);
      reload();
    } catch (error) {
      setCreateError(
        error instanceof ConsoleError
          ? error.describe(CONSOLE_MESSAGES.clients.create, { company_symbol: 'Ticker' })
          : CONSOLE_MESSAGES.clients.create,
      );
    } finally {
      setCreating(false);
    }
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <aside className="flex flex-col gap-4" aria-label="Clients">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.search} className="text-sm font-semibold">
            Find a client
          </label>
          <input
            id={ids.search}
            type="search"
            className="input"
            placeholder="Ticker or company name"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        {read.status === 'failed' ? (
          <LoadFailed
            text={CONSOLE_MESSAGES.clients.load}
            onRetry={reload}
            className="card flex flex-wrap items-center gap-3 p-3"
          />
        ) : !clients ? (
          <p className="text-muted" role="status">
            Loading clients…
          </p>
        ) : clients.items.length === 0 ? (
          <p className="text-muted">{query ? `No clients match “${query}”.` : 'No clients yet.'}</p>
        ) : (
          <ul className="card max-h-64 divide-y lg:max-h-[60vh] divide-line overflow-y-auto" data-testid="client-list">
            {clients.items.map((client) => (
              <li key={client.company_symbol}>
                <button
                  type="button"
                  className="flex w-full items-center gap-2 px-3 py-2 text-left hover:bg-surface-2 aria-pressed:bg-surface-2 aria-pressed:font-semibold"
                  aria-pressed={client.company_symbol === symbol}
                  onClick={() => choose(client.company_symbol)}
                >
                  <span className="w-16 shrink-0 font-mono text-sm">{client.company_symbol}</span>
                  <span className="min-w-0 flex-1 truncate">{client.companyName}</span>
                  {!client.active && <span className="text-xs text-muted">inactive</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
        {clients && clients.total > clients.items.length && (
          <p className="text-xs text-muted">
            Showing {clients.items.length} of {countOf(clients.total, 'client')}; search to find the others.
          </p>
        )}
        <form className="card flex flex-col gap-2 p-3" onSubmit={(e) => void makeClient(e)} noValidate>
          <label htmlFor={ids.add} className="text-sm font-semibold">
            Make a company a client
          </label>
          <div className="flex gap-2">
            <input
              id={ids.add}
              className="input min-w-0 flex-1"
              placeholder="Ticker, such as ABCD"
              autoCapitalize="characters"
              value={newSymbol}
              onChange={(e) => setNewSymbol(e.target.value)}
              aria-describedby={createError ? `${ids.add}-error` : undefined}
            />
            <button type="submit" className="btn-primary" disabled={creating}>
              Add
            </button>
          </div>
          {createError && (
            <p id={`${ids.add}-error`} role="alert" className="text-sm text-down">
              {createError}
            </p>
          )}
        </form>
      </aside>

      <div className="flex min-w-0 flex-col gap-6">
        {lookup.status === 'failed' ? (
          <LoadFailed
            text={CONSOLE_MESSAGES.clients.loadOne}
            onRetry={lookup.retry}
            className="card flex flex-wrap items-center gap-3 p-6"
          />
        ) : !chosen ? (
          <p className="card p-6 text-muted">
            {lookup.status === 'ready'
              ? `${symbol} is not a client.`
              : 'Choose a client to edit it, its landing page and its leaders.'}
          </p>
        ) : (
          <>
            {specialists.status === 'failed' ? (
              <LoadFailed
                text={CONSOLE_MESSAGES.clients.specialists}
                onRetry={specialists.retry}
                className="card flex flex-wrap items-center gap-3 p-6"
              />
            ) : (
              <ClientEditor
                key={`${chosen.company_symbol}`}
                client={chosen}
                specialists={specialists.latest ?? []}
                onSaved={replaced}
              />
            )}
            <LandingEditor
              key={`landing-${chosen.company_symbol}`}
              symbol={chosen.company_symbol}
              name={chosen.companyName}
            />
            <LeadersEditor key={`leaders-${chosen.company_symbol}`} symbol={chosen.company_symbol} />
          </>
        )}
      </div>
    </div>
  );
}
