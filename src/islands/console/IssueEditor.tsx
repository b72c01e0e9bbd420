/**
 * What a newsletter issue says: its subject, its introduction (rich text)
 * and its sections of articles, each reordered or removed; and its preview
 * as readers get it, at a desktop or a phone's width, light or dark. The
 * preview is the server's own rendering of the saved issue, so what staff
 * see is what is sent.
 */
import { useId, useState } from 'react';
import { NEWSLETTER_TEXTS as T, type NewsletterIssueRecord, type NewsletterSection } from '../../lib/newsletter.ts';
import { previewAddress } from './newsletter-api.ts';
import RichTextEditor from './RichTextEditor.tsx';

export interface IssueDraft {
  subject: string;
  intro: string;
  sections: NewsletterSection[];
}

const move = <T,>(list: T[], from: number, to: number): T[] => {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

function SectionEditor(props: {
  section: NewsletterSection;
  index: number;
  count: number;
  disabled: boolean;
  onChange(section: NewsletterSection): void;
  onMove(to: number): void;
  onRemove(): void;
}) {
  const { section, index, count, disabled } = props;
  const headingId = useId();
  return (
    <li className="card flex flex-col gap-3 p-3" data-testid="newsletter-section">
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 basis-full flex-col gap-1 sm:flex-1 sm:basis-auto">
          <label htmlFor={headingId} className="text-sm font-semibold">
            {T.sectionHeading}
          </label>
          <input
            id={headingId}
            className="input"
            value={section.heading}
            maxLength={120}
            disabled={disabled}
            onChange={(e) => props.onChange({ ...section, heading: e.target.value })}
          />
        </div>
        <button
          type="button"
          className="btn-secondary"
          disabled={disabled || index === 0}
          onClick={() => props.onMove(index - 1)}
        >
          {T.moveUp}
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={disabled || index === count - 1}
          onClick={() => props.onMove(index + 1)}
        >
          {T.moveDown}
        </button>
        <button type="button" className="btn-secondary" disabled={disabled} onClick={props.onRemove}>
          {T.removeSection}
        </button>
      </div>
      {section.items.length === 0 ? (
        <p className="text-sm text-muted">{T.emptySection}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {section.items.map((item, i) => (
            <li key={item.newsId} className="flex flex-wrap items-center gap-2 border-t border-line pt-2 text-sm">
              <a
                href={`/news/${item.newsId}`}
                target="_blank"
                rel="noopener"
                className="min-w-0 flex-1 break-words underline"
              >
                {item.title}
              </a>
              {item.symbol && <span className="text-muted">{item.symbol}</span>}
              <span className="flex gap-1">
                <button
                  type="button"
                  className="btn-secondary px-2 py-1 text-xs"
                  aria-label={`${T.moveUp}: ${item.title}`}
                  disabled={disabled || i === 0}
                  onClick={() => props.onChange({ ...section, items: move(section.items, i, i - 1) })}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn-secondary px-2 py-1 text-xs"
                  aria-label={`${T.moveDown}: ${item.title}`}
                  disabled={disabled || i === section.items.length - 1}
                  onClick={() => props.onChange({ ...section, items: move(section.items, i, i + 1) })}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="btn-secondary px-2 py-1 text-xs"
                  aria-label={`${T.removeItem}: ${item.title}`}
                  disabled={disabled}
                  onClick={() => props.onChange({ ...section, items: section.items.filter((_, j) => j !== i) })}
                >
                  {T.removeItem}
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

export function IssueFields(props: { draft: IssueDraft; disabled: boolean; onChange(draft: IssueDraft): void }) {
  const { draft, disabled, onChange } = props;
  const subjectId = useId();
  const sections = draft.sections;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={subjectId} className="text-sm font-semibold">
          {T.subject} *
        </label>
        <input
          id={subjectId}
          className="input"
          maxLength={200}
          value={draft.subject}
          disabled={disabled}
          onChange={(e) => onChange({ ...draft, subject: e.target.value })}
        />
      </div>
      {disabled ? (
        <div className="flex flex-col gap-1">
          <span className="text-sm font-semibold">{T.intro}</span>
          <p className="text-sm text-muted">{draft.intro.replace(/<[^>]+>/g, ' ').trim()}</p>
        </div>
      ) : (
        <RichTextEditor
          label={T.intro}
          value={draft.intro}
          compact
          onChange={(intro) => onChange({ ...draft, intro })}
        />
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold">{T.sections}</legend>
        <ol className="flex flex-col gap-3">
          {sections.map((section, i) => (
            <SectionEditor
              key={i}
              section={section}
              index={i}
              count={sections.length}
              disabled={disabled}
              onChange={(next) => onChange({ ...draft, sections: sections.map((s, j) => (j === i ? next : s)) })}
              onMove={(to) => onChange({ ...draft, sections: move(sections, i, to) })}
              onRemove={() => onChange({ ...draft, sections: sections.filter((_, j) => j !== i) })}
            />
          ))}
        </ol>
        <div>
          <button
            type="button"
            className="btn-secondary"
            disabled={disabled || sections.length >= 12}
            onClick={() => onChange({ ...draft, sections: [...sections, { heading: 'New section', items: [] }] })}
          >
            {T.addSection}
          </button>
        </div>
      </fieldset>
    </div>
  );
}

/** The saved issue as a reader's mail client draws it. */
export function IssuePreview({ issue }: { issue: NewsletterIssueRecord }) {
  const [width, setWidth] = useState<'desktop' | 'phone'>('desktop');
  const [scheme, setScheme] = useState<'light' | 'dark'>('light');
  const toggle = <V extends string>(value: V, current: V, set: (v: V) => void, label: string) => (
    <button
      type="button"
      className={current === value ? 'btn-primary' : 'btn-secondary'}
      aria-pressed={current === value}
      onClick={() => set(value)}
    >
      {label}
    </button>
  );
  return (
    <section className="flex flex-col gap-2" aria-label={T.preview} data-testid="newsletter-preview">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="mr-auto font-semibold">{T.preview}</h3>
        <div role="group" aria-label="Width" className="flex gap-1">
          {toggle('desktop', width, setWidth, T.desktop)}
          {toggle('phone', width, setWidth, T.phone)}
        </div>
        <div role="group" aria-label="Colour scheme" className="flex gap-1">
          {toggle('light', scheme, setScheme, T.light)}
          {toggle('dark', scheme, setScheme, T.dark)}
        </div>
      </div>
      <div className="overflow-x-auto rounded border border-line bg-surface p-2">
        <iframe
          title={`${T.preview}: ${issue.subject} (${width}, ${scheme})`}
          src={previewAddress(issue, scheme)}
          className="mx-auto block h-[720px] max-w-full border-0 bg-white"
          style={{ width: width === 'desktop' ? 640 : 375 }}
          sandbox=""
          data-width={width}
          data-scheme={scheme}
        />
      </div>
    </section>
  );
}
