/**
 * The form of one record, new or edited in place: its fields, checked
 * before sending (docs/product.md §5.10), with Save and Cancel. Escape cancels. What
 * happens on save belongs to the caller, which answers with an error text
 * (and, for a stale edit, a way to reload) or nothing when it worked.
 */
import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import FormField from './FormField.tsx';
import { checkForm, type FieldSpec, type FormValues } from './record-fields.ts';

export interface SaveOutcome {
  error: string;
  /** Offered when someone else changed the record: load theirs. */
  reload?: () => void;
}

interface Props {
  fields: readonly FieldSpec[];
  initial: FormValues;
  saveLabel: string;
  onSave(values: FormValues): Promise<SaveOutcome | null>;
  onCancel(): void;
  /** Told of every change (a preview follows the form). */
  onValuesChange?(values: FormValues): void;
}

export default function RecordForm({ fields, initial, saveLabel, onSave, onCancel, onValuesChange }: Props) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => onValuesChange?.(values), [values, onValuesChange]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkForm(fields, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setOutcome(null);
    const result = await onSave(values);
    setSaving(false);
    setOutcome(result);
  };

  const escape = (event: KeyboardEvent) => {
    // Escape inside Quill's link tooltip closes the tooltip, not the form.
    if (event.key === 'Escape' && !(event.target as HTMLElement).closest('.ql-tooltip')) onCancel();
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      onKeyDown={escape}
      noValidate
      className="flex flex-col gap-4"
      data-testid="record-form"
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <FormField
            key={field.key}
            field={field}
            value={values[field.key]!}
            error={errors[field.key]}
            onChange={(value) => setValues((v) => ({ ...v, [field.key]: value }))}
          />
        ))}
      </div>
      {outcome && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded border border-down/40 p-3 text-sm text-down"
        >
          <span>{outcome.error}</span>
          {outcome.reload && (
            <button type="button" className="btn-secondary" onClick={outcome.reload}>
              Reload their version
            </button>
          )}
        </div>
      )}
      <div className="flex gap-3">
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? 'Saving…' : saveLabel}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
