/** Accessible form controls shared by the account screens. */
import { codeEntry, type ContactMethod } from '../../lib/validation.ts';
import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';

/** The hint under a field, or its error instead when there is one. */
function FieldNote({ id, error, hint }: { id: string; error?: string | null; hint?: ReactNode }) {
  if (error) {
    return (
      <p id={id} className="text-sm text-down">
        {error}
      </p>
    );
  }
  return hint ? <p className="text-xs text-muted">{hint}</p> : null;
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
}

export function Field({ label, error, hint, id, className, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={inputId}
        className={`input ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      <FieldNote id={errorId} error={error} hint={hint} />
    </div>
  );
}

export function PasswordField(props: Omit<FieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  const autoId = useId();
  const id = props.id ?? autoId;
  const errorId = `${id}-error`;
  const { label, error, hint, ...input } = props;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          {...input}
          id={id}
          type={visible ? 'text' : 'password'}
          className="input w-full pr-20"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-1 my-1 rounded px-3 text-sm font-medium text-muted hover:text-fg"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-controls={id}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      <FieldNote id={errorId} error={error} hint={hint} />
    </div>
  );
}

export function FormMessage({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  const styles = {
    error: 'border-down/40 bg-down/5 text-down',
    success: 'border-up/40 bg-up/10 text-up',
    info: 'border-line bg-surface-2 text-fg',
  }[kind];
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-3 py-2 text-sm ${styles}`}
      data-testid={`form-${kind}`}
    >
      {children}
    </div>
  );
}

/** The submit button with its busy label. */
export function SubmitButton({ busy, children, busyLabel }: { busy: boolean; children: ReactNode; busyLabel: string }) {
  return (
    <button type="submit" className="btn-primary w-full" disabled={busy} aria-busy={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}

/** Reads a named field straight from the form, so text typed before hydration counts. */
export const formValue = (form: HTMLFormElement, name: string): string => String(new FormData(form).get(name) ?? '');

/**
 * Keeps a code box to the code's characters as they are typed or pasted: spaces and dashes go (a code copied as
 * "JDC F8T" is whole), letters turn to capitals, and the caret stays after what was typed. A length limit on the
 * box would cut such a code before this could read it.
 */
function keepCodeCharacters(event: FormEvent<HTMLInputElement>) {
  const box = event.currentTarget;
  const kept = codeEntry(box.value);
  if (kept === box.value) return;
  const caret = codeEntry(box.value.slice(0, box.selectionStart ?? box.value.length)).length;
  box.value = kept;
  box.setSelectionRange(caret, caret);
}

/** The input for a texted or emailed one-time code; `large` for the screen whose only field it is. */
export function CodeField({ label, large = false, ...input }: Omit<FieldProps, 'className'> & { large?: boolean }) {
  return (
    <Field
      label={label}
      name="code"
      autoComplete="one-time-code"
      autoCapitalize="characters"
      spellCheck={false}
      onInput={keepCodeCharacters}
      className={
        large ? 'text-center font-mono text-2xl tracking-[0.5em] uppercase' : 'font-mono uppercase tracking-widest'
      }
      {...input}
    />
  );
}

/** Email or text messages: the radio pair of sign-up and of the notification settings. */
export function ContactMethodChoice(props: {
  name: string;
  value: ContactMethod | null;
  onChange: (value: ContactMethod) => void;
  phoneLabel: string;
}) {
  return (
    <>
      {(['email', 'phone'] as const).map((value) => (
        <label key={value} className="flex items-center gap-2">
          <input
            type="radio"
            name={props.name}
            value={value}
            checked={props.value === value}
            onChange={() => props.onChange(value)}
            className="accent-[var(--primary)]"
          />
          {value === 'email' ? 'Email' : props.phoneLabel}
        </label>
      ))}
    </>
  );
}
