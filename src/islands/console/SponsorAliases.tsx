/**
 * The ClinicalTrials.gov card's sponsor aliases (docs/product.md §9.13, §17.5): the names under which
 * the registry lists a company's trials that are not its listed name, with Remove, and a form to add
 * one (a symbol and the sponsor's name as the registry writes it, as a notice of a run quotes it).
 */
import { useId, useState, type FormEvent } from 'react';
import LoadFailed from '../LoadFailed.tsx';
import { useServerRead } from '../use-server-read.ts';
import { DATA_TEXTS as T, type TrialAliasRecord } from '../../lib/source-syncs.ts';
import { ConsoleError, addTrialAlias, listTrialAliases, removeTrialAlias } from './console-api.ts';

/** `onChanged`: an alias was added or removed (the card's figures count them). */
export default function SponsorAliases({ onChanged }: { onChanged?: () => void }) {
  const headingId = useId();
  const read = useServerRead('sponsor aliases', '', listTrialAliases);
  const aliases = read.latest;
  const [symbol, setSymbol] = useState('');
  const [alias, setAlias] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const failed = (error: unknown) =>
    setOutcome({ ok: false, text: error instanceof ConsoleError ? error.describe(T.aliasFailed) : T.aliasFailed });

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      const added = await addTrialAlias(symbol.trim(), alias.trim());
      read.replace((all) => [...all, added]);
      setAlias('');
      setOutcome({ ok: true, text: T.aliasAdded });
      onChanged?.();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (entry: TrialAliasRecord) => {
    setOutcome(null);
    try {
      await removeTrialAlias(entry.symbol, entry.alias);
      read.replace((all) => all.filter((a) => a !== entry));
      onChanged?.();
    } catch (error) {
      failed(error);
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 border-t border-line pt-3"
      data-testid="sponsor-aliases"
    >
      <h3 id={headingId} className="font-semibold">
        {T.aliases}
      </h3>
      <p className="text-sm text-muted">{T.aliasesIntro}</p>
      {read.status === 'failed' && (
        <LoadFailed
          text={T.aliasesLoadFailed}
          retryLabel={T.retry}
          onRetry={read.retry}
          className="flex items-center gap-3"
        />
      )}
      {aliases &&
        (aliases.length === 0 ? (
          <p className="text-sm text-muted">{T.noAliases}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {aliases.map((entry) => (
              <li key={`${entry.symbol}:${entry.alias}`} className="flex flex-wrap items-center gap-2">
                <span className="font-mono font-semibold">{entry.symbol}</span>
                <span className="min-w-0 break-words">{entry.alias}</span>
                <button
                  type="button"
                  className="btn-secondary ml-auto px-2 py-0.5 text-xs"
                  aria-label={`${T.removeAlias} ${entry.alias} (${entry.symbol})`}
                  onClick={() => void remove(entry)}
                >
                  {T.removeAlias}
                </button>
              </li>
            ))}
          </ul>
        ))}
      <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => void add(e)}>
        <label className="flex flex-col text-sm">
          {T.aliasSymbol}
          <input
            className="input w-28 uppercase"
            value={symbol}
            onChange={(e) => setSymbol(e.target.value)}
            required
            maxLength={12}
            autoComplete="off"
          />
        </label>
        <label className="flex min-w-0 flex-[1_1_14rem] flex-col text-sm">
          {T.aliasName}
          <input
            className="input"
            value={alias}
            onChange={(e) => setAlias(e.target.value)}
            required
            minLength={2}
            maxLength={200}
            autoComplete="off"
          />
        </label>
        <button type="submit" className="btn-primary" disabled={busy}>
          {T.addAlias}
        </button>
      </form>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-sm text-up' : 'text-sm text-down'}>
          {outcome.text}
        </p>
      )}
    </section>
  );
}
