/**
 * One field of a console form, drawn by its kind (see record-fields.ts):
 * labelled, with its hint or its error, and rich text in Quill.
 */
import { useId } from 'react';
import { youtubeVideoId } from '../../lib/youtube.ts';
import { optionValue, type FieldSpec } from './record-fields.ts';
import RichTextEditor from './RichTextEditor.tsx';

const INPUT_TYPES: Partial<Record<FieldSpec['kind'], string>> = {
  datetime: 'datetime-local',
  link: 'url',
  opacity: 'number',
  order: 'number',
};

const PLACEHOLDERS: Partial<Record<FieldSpec['kind'], string>> = {
  link: 'https://',
  symbol: 'ABCD',
  youtube: 'https://youtu.be/…',
};

/** The hint under a field, or its error instead. */
function Note({ id, error, hint }: { id: string; error: string | undefined; hint: string | undefined }) {
  const text = error ?? hint;
  if (!text) return null;
  return (
    <p id={id} className={error ? 'text-sm text-down' : 'text-xs text-muted'}>
      {text}
    </p>
  );
}

interface Props {
  field: FieldSpec;
  value: string | boolean;
  error?: string | undefined;
  onChange(value: string | boolean): void;
}

/** A pasted YouTube link says which video id it names, so staff see what will be saved. */
function hintOf(field: FieldSpec, value: string | boolean): string | undefined {
  if (field.kind !== 'youtube' || typeof value !== 'string') return field.hint;
  const id = youtubeVideoId(value);
  return id && id !== value.trim() ? `Video id ${id}.` : field.hint;
}

export default function FormField({ field, value, error, onChange }: Props) {
  const id = useId();
  const noteId = `${id}-note`;
  const hint = hintOf(field, value);
  const note = error ?? hint;
  const described = note ? { 'aria-describedby': noteId } : {};
  const invalid = error ? { 'aria-invalid': true as const } : {};
  const label = `${field.label}${field.required ? ' *' : ''}`;

  if (field.kind === 'checkbox') {
    return (
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
        {field.label}
      </label>
    );
  }
  if (field.kind === 'html') {
    return (
      <div className="sm:col-span-2">
        <RichTextEditor label={label} value={String(value)} onChange={onChange} />
        {error && <p className="text-sm text-down">{error}</p>}
      </div>
    );
  }
  const text = String(value);
  if (field.kind === 'color') {
    const swatch = /^#[0-9a-f]{6}$/i.test(text) ? text : '#ffffff';
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        <div className="flex gap-2">
          <input
            type="color"
            className="h-10 w-12 shrink-0 cursor-pointer rounded border border-line bg-surface"
            value={swatch}
            onChange={(e) => onChange(e.target.value)}
            aria-label={`${field.label} picker`}
          />
          <input
            id={id}
            className="input min-w-0 flex-1"
            placeholder="#ffffff"
            value={text}
            onChange={(e) => onChange(e.target.value)}
            {...described}
            {...invalid}
          />
        </div>
        <Note id={noteId} error={error} hint={hint} />
      </div>
    );
  }
  const wide = field.kind === 'textarea';
  return (
    <div className={`flex flex-col gap-1 ${wide ? 'sm:col-span-2' : ''}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {field.kind === 'textarea' ? (
        <textarea
          id={id}
          className="input min-h-24"
          value={text}
          maxLength={field.maxLength}
          onChange={(e) => onChange(e.target.value)}
          {...described}
          {...invalid}
        />
      ) : field.kind === 'select' ? (
        <select id={id} className="input" value={text} onChange={(e) => onChange(e.target.value)} {...described}>
          {field.options?.map((option) => {
            const value = optionValue(option);
            return (
              <option key={value} value={value}>
                {typeof option === 'string' ? option : option.label}
              </option>
            );
          })}
        </select>
      ) : (
        <input
          id={id}
          className="input"
          type={INPUT_TYPES[field.kind] ?? 'text'}
          inputMode={field.kind === 'link' || field.kind === 'youtube' ? 'url' : undefined}
          {...(field.kind === 'opacity' && { min: 0, max: 1, step: 0.05 })}
          {...(field.kind === 'order' && { min: 0, max: 999, step: 1 })}
          autoCapitalize={field.kind === 'symbol' ? 'characters' : undefined}
          placeholder={PLACEHOLDERS[field.kind]}
          value={text}
          maxLength={field.maxLength}
          onChange={(e) => onChange(e.target.value)}
          {...described}
          {...invalid}
        />
      )}
      <Note id={noteId} error={error} hint={hint} />
    </div>
  );
}
