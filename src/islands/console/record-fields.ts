/**
 * What the console's forms show for each kind of record (docs/product.md §17.2, §5.10): the
 * fields in order with their input kind, which are required, how a stored
 * value becomes a form value and back (times in Eastern Time, empty links as
 * none), and which public page shows the record once it is live.
 */
import { VIDEO_TYPES } from '../../lib/content-records.ts';
import { fromEasternInputValue, toEasternInputValue } from '../../lib/eastern-time-input.ts';
import { formIdFrom } from '../../lib/event-registration.ts';
import { isSafeLink } from '../../lib/links.ts';
import type { ConsoleList } from '../../lib/console.ts';
import { YOUTUBE_ID_PROBLEM, youtubeVideoId } from '../../lib/youtube.ts';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'html'
  | 'link'
  | 'datetime'
  | 'checkbox'
  | 'select'
  | 'symbol'
  | 'color'
  | 'opacity'
  | 'order'
  | 'youtube'
  | 'form-id';

export interface FieldSpec {
  key: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** The choices of a select: values shown as they are, or values with labels. */
  options?: readonly (string | { value: string; label: string })[];
  /** Shown under the field. */
  hint?: string;
  maxLength?: number;
  /** Emptying the input leaves the stored value as it was (a time the record must have). */
  keepWhenEmpty?: boolean;
}

/** A form's values: text for inputs (datetime as an Eastern Time input value), booleans for checkboxes. */
export type FormValues = Record<string, string | boolean>;

export const LIST_FIELDS: Record<ConsoleList, readonly FieldSpec[]> = {
  news: [
    { key: 'title', label: 'Title', kind: 'text', required: true, maxLength: 300 },
    { key: 'company_symbol', label: 'Company symbol', kind: 'symbol', required: true },
    {
      key: 'published_at',
      label: 'Published (Eastern Time)',
      kind: 'datetime',
      keepWhenEmpty: true,
      hint: 'Empty means now.',
    },
    { key: 'summary', label: 'Summary', kind: 'textarea', maxLength: 2000 },
    { key: 'description', label: 'Article', kind: 'html' },
    { key: 'thumbnail', label: 'Thumbnail URL', kind: 'link' },
    { key: 'newsLetterURL', label: 'Newsletter URL', kind: 'link' },
    { key: 'source', label: 'Source', kind: 'text', maxLength: 120 },
    { key: 'url', label: 'Original article URL', kind: 'link' },
    { key: 'rc_newsletter', label: 'Newsletter issue', kind: 'checkbox' },
  ],
  events: [
    { key: 'title', label: 'Title', kind: 'text', required: true, maxLength: 300 },
    { key: 'company_symbol', label: 'Company symbol', kind: 'symbol', hint: 'Empty for a conference-wide session.' },
    { key: 'upcoming_date', label: 'Starts (Eastern Time)', kind: 'datetime', keepWhenEmpty: true },
    { key: 'agenda', label: 'Agenda', kind: 'textarea', maxLength: 5000 },
    {
      key: 'form_url',
      label: 'Registration form id',
      kind: 'form-id',
      hint: 'The id in /events/form/{form id}/{zoom id}; a pasted registration link gives its id.',
    },
    { key: 'zoom_id', label: 'Zoom webinar id', kind: 'text', maxLength: 64 },
    { key: 'Zoom_url', label: 'Zoom URL', kind: 'link' },
    { key: 'image_url', label: 'Image URL', kind: 'link' },
    { key: 'archive_url', label: 'Replay URL', kind: 'link' },
    { key: 'isActive', label: 'Active', kind: 'checkbox' },
    { key: 'archived', label: 'Archived (replay available)', kind: 'checkbox' },
  ],
  videos: [
    { key: 'name', label: 'Title', kind: 'text', required: true, maxLength: 300 },
    { key: 'company_symbol', label: 'Company symbol', kind: 'symbol', required: true },
    {
      key: 'youtubeId',
      label: 'YouTube video',
      kind: 'youtube',
      required: true,
      hint: 'Paste its link (watch, share, embed or Shorts) or its 11-character id.',
    },
    { key: 'type', label: 'Type', kind: 'select', options: VIDEO_TYPES },
    { key: 'published', label: 'Published (Eastern Time)', kind: 'datetime' },
    { key: 'description', label: 'Description', kind: 'textarea', maxLength: 5000 },
    { key: 'thumbnail_url', label: 'Thumbnail URL', kind: 'link' },
    { key: 'exclusive', label: 'Exclusive', kind: 'checkbox' },
    { key: 'videoFeatured', label: 'Featured', kind: 'checkbox' },
    { key: 'thirtysecs', label: '30-second clip', kind: 'checkbox' },
    { key: 'disabled', label: 'Hidden from the site', kind: 'checkbox' },
  ],
};

/** A company landing page's fields (docs/product.md §19.12) in the editor's order; its specialist is the client's. */
export const LANDING_FIELDS: readonly FieldSpec[] = [
  { key: 'active', label: 'Landing page active', kind: 'checkbox' },
  { key: 'title', label: 'Jumbotron title', kind: 'text', maxLength: 300 },
  { key: 'subtitle', label: 'Jumbotron subtitle', kind: 'text', maxLength: 300 },
  { key: 'jumbotron_title_color', label: 'Title colour', kind: 'color' },
  { key: 'jumbotron_subtitle_color', label: 'Subtitle colour', kind: 'color' },
  { key: 'jumbotron_gradient_opacity', label: 'Gradient opacity (0 to 1)', kind: 'opacity' },
  {
    key: 'jumbo_video',
    label: 'Jumbotron video',
    kind: 'youtube',
    hint: 'A YouTube link (watch, share, embed or Shorts) or its 11-character id.',
  },
  { key: 'seo', label: 'Search engine description', kind: 'textarea', maxLength: 500 },
  { key: 'overview', label: 'Overview', kind: 'html' },
  { key: 'valueprop_title', label: 'Value proposition title', kind: 'text', maxLength: 200 },
  { key: 'value_prop', label: 'Value proposition', kind: 'html' },
  { key: 'investment_highlights', label: 'Investment highlights', kind: 'html' },
  { key: 'highlights', label: 'Highlights', kind: 'html' },
  { key: 'presentation_title', label: 'Presentation title', kind: 'text', maxLength: 300 },
  { key: 'presentation', label: 'Presentation URL', kind: 'link' },
  { key: 'extra_title', label: 'Extra section title', kind: 'text', maxLength: 200 },
  { key: 'extra_info', label: 'Extra section', kind: 'html' },
  { key: 'extra_title_two', label: 'Second extra section title', kind: 'text', maxLength: 200 },
  { key: 'extra_info_two', label: 'Second extra section', kind: 'html' },
  { key: 'askceo_title', label: 'Ask the CEO title', kind: 'text', maxLength: 200 },
  { key: 'letter', label: 'Letter to shareholders', kind: 'html' },
  { key: 'website_url', label: 'Company website URL', kind: 'link' },
  { key: 'podcast_link', label: 'Podcast URL', kind: 'link' },
  { key: 'custom_style', label: 'Custom style (CSS)', kind: 'textarea', maxLength: 5000 },
];

/** A leader's fields (docs/product.md §19.13). */
export const LEADER_FIELDS: readonly FieldSpec[] = [
  { key: 'name', label: 'Name', kind: 'text', required: true, maxLength: 200 },
  { key: 'title', label: 'Title', kind: 'text', required: true, maxLength: 200 },
  { key: 'headshot_url', label: 'Headshot URL', kind: 'link' },
  { key: 'sort_order', label: 'Order on the page', kind: 'order', keepWhenEmpty: true, hint: '0 comes first.' },
  { key: 'description', label: 'Biography', kind: 'html' },
];

export const optionValue = (option: string | { value: string } | undefined) =>
  typeof option === 'string' ? option : (option?.value ?? '');

/** The form values of a stored record (or of a new one, from nothing). */
export function toFormValues(fields: readonly FieldSpec[], record: Record<string, unknown> | null): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const stored = record?.[field.key];
    if (field.kind === 'checkbox') {
      values[field.key] = stored === true || (record === null && field.key === 'isActive');
    } else if (field.kind === 'datetime') {
      values[field.key] = typeof stored === 'string' && stored ? toEasternInputValue(new Date(stored)) : '';
    } else if (field.kind === 'select') {
      values[field.key] = stored != null ? String(stored) : optionValue(field.options?.[0]);
    } else {
      values[field.key] = typeof stored === 'string' ? stored : stored == null ? '' : String(stored);
    }
  }
  return values;
}

/** What the form says is wrong, field by field, before anything is sent (docs/product.md §5.10). */
export function checkForm(fields: readonly FieldSpec[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (field.required && !trimmed) errors[field.key] = `${field.label} is required`;
    else if (field.kind === 'link' && trimmed && !isSafeLink(trimmed)) {
      errors[field.key] = `${field.label} must be an http(s) URL`;
    } else if (field.kind === 'datetime' && trimmed && !fromEasternInputValue(trimmed)) {
      errors[field.key] = `${field.label} must be a date and time`;
    } else if (field.kind === 'symbol' && trimmed && !/^[A-Za-z.-]{1,12}$/.test(trimmed)) {
      errors[field.key] = `${field.label} must be a ticker such as ABCD`;
    } else if (field.kind === 'color' && trimmed && !/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(trimmed)) {
      errors[field.key] = `${field.label} must be a hex colour such as #ffffff`;
    } else if (field.kind === 'opacity' && trimmed && !(Number(trimmed) >= 0 && Number(trimmed) <= 1)) {
      errors[field.key] = `${field.label} must be a number from 0 to 1`;
    } else if (field.kind === 'form-id' && trimmed && !formIdFrom(trimmed)) {
      errors[field.key] =
        `${field.label} must be an id (letters, digits, - and _) or a registration link that holds one`;
    } else if (field.kind === 'order' && trimmed && !/^\d{1,3}$/.test(trimmed)) {
      errors[field.key] = `${field.label} must be a whole number from 0 to 999`;
    } else if (field.kind === 'youtube' && trimmed && !youtubeVideoId(trimmed)) {
      errors[field.key] = `${field.label} ${YOUTUBE_ID_PROBLEM}`;
    }
  }
  return errors;
}

function payloadValue(field: FieldSpec, value: string | boolean): unknown {
  if (typeof value === 'boolean') return value;
  const trimmed = field.kind === 'html' ? value : value.trim();
  switch (field.kind) {
    case 'datetime':
      return trimmed ? fromEasternInputValue(trimmed)!.toISOString() : null;
    case 'symbol':
      return trimmed ? trimmed.toUpperCase() : null;
    case 'link':
    case 'color':
      return trimmed || null;
    case 'youtube':
      return trimmed ? (youtubeVideoId(trimmed) ?? trimmed) : null;
    case 'form-id':
      return trimmed ? formIdFrom(trimmed) : null;
    case 'opacity':
    case 'order':
      return trimmed ? Number(trimmed) : null;
    default:
      return trimmed;
  }
}

/**
 * The body to send: for a new record every filled field, for an edit only
 * the fields that changed (so the audit log shows what the edit was about).
 * A time the record must have (`keepWhenEmpty`) is left as it was when its
 * input is emptied.
 */
export function toPayload(
  fields: readonly FieldSpec[],
  values: FormValues,
  before: FormValues | null,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.key]!;
    if (before && before[field.key] === value) continue;
    const sent = payloadValue(field, value);
    const empty = sent === null || sent === '';
    if (empty && (before === null || field.keepWhenEmpty)) continue;
    body[field.key] = sent;
  }
  return body;
}

/** The public page that shows a record once the rebuild has published it (none for a hidden video). */
export function livePathOf(
  list: ConsoleList,
  record: { id: number; company_symbol?: string | null; disabled?: boolean },
): string | null {
  switch (list) {
    case 'news':
      return `/news/${record.id}/`;
    case 'videos':
      return record.disabled ? null : `/video/${record.id}/`;
    case 'events':
      return record.company_symbol ? `/stocks/${record.company_symbol}/webinar/` : '/events';
  }
}

/** A record's title, whatever its kind calls it. */
export const titleOf = (record: { title?: string; name?: string }) => record.title ?? record.name ?? '';
