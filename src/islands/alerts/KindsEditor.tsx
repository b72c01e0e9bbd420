/**
 * A rule's kinds and daily move threshold (docs/product.md §15.7): the
 * settings page's all-followed rule and each company's own, and the company
 * page's dialog.
 */
import { Field } from '../forms/controls.tsx';
import { useId } from 'react';
import {
  ALERT_MESSAGES,
  ALERT_TEXT,
  COMPANY_ALERT_KINDS,
  PRICE_THRESHOLD_MAX,
  PRICE_THRESHOLD_MIN,
  alertKindLabel,
  normaliseAlertKinds,
  parseThreshold,
  type AlertKind,
} from '../../lib/alerts.ts';

/**
 * What the editor holds: the ticked kinds, the threshold as typed, and the
 * last whole percentage typed, which the daily move's label names while the
 * field is empty or out of range.
 */
export interface RuleDraft {
  kinds: AlertKind[];
  threshold: string;
  shownThreshold: number;
}

export const draftOf = (rule: { kinds: readonly AlertKind[]; priceThreshold: number }): RuleDraft => ({
  kinds: [...rule.kinds],
  threshold: String(rule.priceThreshold),
  shownThreshold: rule.priceThreshold,
});

/** The draft with the threshold typed: the label follows it whenever it is a whole percentage from 1 to 100. */
export const withThreshold = (draft: RuleDraft, typed: string): RuleDraft => ({
  ...draft,
  threshold: typed,
  shownThreshold: parseThreshold(typed) ?? draft.shownThreshold,
});

/** The rule to send, or the threshold's error. */
export function ruleOf(draft: RuleDraft): { kinds: AlertKind[]; priceThreshold: number } | { error: string } {
  const priceThreshold = parseThreshold(draft.threshold);
  if (priceThreshold === null) return { error: ALERT_MESSAGES.thresholdInvalid };
  return { kinds: normaliseAlertKinds(draft.kinds, { company: true }), priceThreshold };
}

export default function KindsEditor({
  legend,
  draft,
  onChange,
  error,
  disabled = false,
}: {
  legend: string;
  draft: RuleDraft;
  onChange: (draft: RuleDraft) => void;
  /** The threshold's error, shown under its field. */
  error: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const tick = (kind: AlertKind, on: boolean) =>
    onChange({
      ...draft,
      kinds: on
        ? normaliseAlertKinds([...draft.kinds, kind], { company: true })
        : draft.kinds.filter((k) => k !== kind),
    });
  return (
    <fieldset className="flex min-w-0 flex-col gap-3" disabled={disabled}>
      <legend className="mb-1 font-semibold">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {COMPANY_ALERT_KINDS.map((kind) => (
          <label key={kind} className="flex items-start gap-2">
            <input
              type="checkbox"
              name="kinds"
              value={kind}
              className="mt-0.5 size-5 shrink-0 accent-primary-fill"
              checked={draft.kinds.includes(kind)}
              onChange={(event) => tick(kind, event.target.checked)}
            />
            <span>{alertKindLabel(kind, draft.shownThreshold)}</span>
          </label>
        ))}
      </div>
      <Field
        id={`${id}-threshold`}
        label={ALERT_TEXT.threshold}
        name="priceThreshold"
        type="number"
        inputMode="numeric"
        min={PRICE_THRESHOLD_MIN}
        max={PRICE_THRESHOLD_MAX}
        step={1}
        className="w-28"
        value={draft.threshold}
        error={error}
        onChange={(event) => onChange(withThreshold(draft, event.target.value))}
      />
    </fieldset>
  );
}
