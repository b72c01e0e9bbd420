/** A followed company on the Alerts settings tab (docs/product.md §15.7). */
import { useId, useState, type FormEvent } from 'react';
import { ALERT_MESSAGES, ALERT_TEXT as T, type CompanyAlertRule } from '../../lib/alerts.ts';
import { FormMessage } from '../forms/controls.tsx';
import { resetCompanyRule, saveCompanyRule } from './alerts-api.ts';
import KindsEditor, { draftOf, ruleOf, type RuleDraft } from './KindsEditor.tsx';
import { useAlertSave } from './use-alert-save.ts';

/** One followed company: the all-followed rule, or kinds and threshold of its own. */
export default function CompanyRuleRow({
  rule,
  onSaved,
}: {
  rule: CompanyAlertRule;
  onSaved: (next: CompanyAlertRule) => void;
}) {
  const [custom, setCustom] = useState(rule.custom);
  const [draft, setDraft] = useState<RuleDraft>(() => draftOf(rule));
  const [error, setError] = useState<string | null>(null);
  const { busy, note, save } = useAlertSave();
  const id = useId();

  const saved = (next: CompanyAlertRule) => {
    onSaved(next);
    setCustom(next.custom);
    setDraft(draftOf(next));
  };

  const reset = () => {
    setError(null);
    return save(() => resetCompanyRule(rule.symbol), saved, ALERT_MESSAGES.companyDefaults(rule.symbol));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!custom) return void reset();
    const change = ruleOf(draft);
    if ('error' in change) return setError(change.error);
    setError(null);
    await save(() => saveCompanyRule(rule.symbol, change), saved, ALERT_MESSAGES.companySaved(rule.symbol));
  };

  return (
    <li className="flex flex-col gap-3 py-4" data-testid="alert-company" data-symbol={rule.symbol}>
      <form className="flex flex-col gap-3" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="flex flex-col gap-2" disabled={busy}>
          <legend className="mb-1 font-medium">
            <a href={`/stocks/${encodeURIComponent(rule.symbol)}`} className="hover:text-primary hover:underline">
              {rule.name}
            </a>{' '}
            <span className="text-sm text-muted">{rule.symbol}</span>
          </legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-rule`}
                checked={!custom}
                onChange={() => setCustom(false)}
                className="accent-[var(--primary)]"
              />
              {T.sameAsAll}
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-rule`}
                checked={custom}
                onChange={() => setCustom(true)}
                className="accent-[var(--primary)]"
              />
              {T.custom}
            </label>
          </div>
        </fieldset>
        {custom && (
          <div className="pl-2 sm:pl-6">
            <KindsEditor
              legend={T.companyKinds(rule.name)}
              draft={draft}
              onChange={setDraft}
              error={error}
              disabled={busy}
            />
          </div>
        )}
        {note && <FormMessage kind={note.kind}>{note.text}</FormMessage>}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary py-1.5!" disabled={busy} aria-busy={busy}>
            {busy ? T.saving : T.save}
            <span className="sr-only"> {rule.symbol}</span>
          </button>
          {rule.custom && (
            <button type="button" className="btn-secondary py-1.5!" disabled={busy} onClick={() => void reset()}>
              {T.reset}
              <span className="sr-only"> {rule.symbol}</span>
            </button>
          )}
        </div>
      </form>
    </li>
  );
}
